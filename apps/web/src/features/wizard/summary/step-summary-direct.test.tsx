import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@movehub/shared';
import { buildDirectRequestPayload } from './build-payload';
import { Screen, type WizardDraft } from '../draft';
import { StepSummary } from './step-summary';
import { buildDraft, stubWizardServer } from '../test-draft';
import { renderStep, TEST_PROFILE } from '../test-wizard';

const DIRECT = { link: 'swift-la', profile: TEST_PROFILE };
const requestMove = () => screen.getByRole('button', { name: 'Request Move' });

/** A draft whose contact fields were filled earlier (they are kept in the draft as typed). */
function contactDraft(): WizardDraft {
  const draft = buildDraft();
  return {
    ...draft,
    requestKeyValue: {
      ...draft.requestKeyValue,
      customer_first_name: 'Ana',
      customer_last_name: 'Lopez',
      customer_email: 'ana@example.com',
      customer_phone_number: '(310) 555-0142',
    },
  };
}

describe('direct-link mode', () => {
  it('says the company is paid later, never that a card comes after logging in', () => {
    const { callsTo } = stubWizardServer();
    renderStep(<StepSummary />, { draft: buildDraft(), direct: DIRECT });

    expect(screen.queryByRole('region', { name: 'Card' })).not.toBeInTheDocument();
    expect(screen.queryByText('Added after you log in')).not.toBeInTheDocument();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(
      within(payment).getByText(
        `You pay ${TEST_PROFILE.name} by cash or card once they confirm your move. No card is needed now.`,
      ),
    ).toBeVisible();
    expect(within(payment).queryByRole('button')).not.toBeInTheDocument();
    expect(callsTo('/api/customer/checking_card_exist')).toHaveLength(0);
  });

  it('asks for contact details instead of a price, with the spec messages verbatim', async () => {
    const { callsTo } = stubWizardServer();
    const user = userEvent.setup();
    renderStep(<StepSummary />, { draft: buildDraft(), direct: DIRECT });

    expect(screen.queryByLabelText(/Your Price/)).not.toBeInTheDocument();
    const fields = {
      first_name: screen.getByLabelText('First Name'),
      last_name: screen.getByLabelText('Last Name'),
      email: screen.getByLabelText('Email'),
      customer_phone_number: screen.getByLabelText('Phone'),
    };
    for (const [name, input] of Object.entries(fields)) expect(input).toHaveAttribute('name', name);

    await user.type(fields.first_name, 'Ana1');
    await user.type(fields.email, 'ana@');
    // An incomplete mask.
    await user.type(fields.customer_phone_number, '310555');
    expect(fields.customer_phone_number).toHaveValue('(310) 555');
    await user.click(requestMove());

    expect(await screen.findByText('Please enter a valid first name.')).toBeVisible();
    expect(screen.getByText('Please enter a valid last name.')).toBeVisible();
    expect(screen.getByText('Please enter a valid email address.')).toBeVisible();
    expect(screen.getByText('Please enter a valid phone number.')).toBeVisible();
    expect(callsTo('/api/company/generate_request_by_customer')).toHaveLength(0);
  });

  it("sends the company's direct path without a token and opens step 8", async () => {
    const { callsTo } = stubWizardServer();
    const user = userEvent.setup();
    const view = renderStep(<StepSummary />, { draft: buildDraft(), direct: DIRECT });

    await user.type(screen.getByLabelText('First Name'), 'Ana');
    await user.type(screen.getByLabelText('Last Name'), 'Lopez');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Phone'), '3105550142');
    expect(screen.getByLabelText('Phone')).toHaveValue('(310) 555-0142');
    await user.click(requestMove());

    await waitFor(() => expect(view.latest().screen).toBe(Screen.congratulations));
    expect(view.wasCleared()).toBe(true);
    expect(view.latest().requestKeyValue).toMatchObject({
      customer_first_name: 'Ana',
      customer_last_name: 'Lopez',
      customer_email: 'ana@example.com',
      customer_phone_number: '(310) 555-0142',
    });
    const [call] = callsTo('/api/company/generate_request_by_customer');
    expect(call?.headers['x-sh-auth']).toBeUndefined();
    expect(call?.body).toEqual(buildDirectRequestPayload(contactDraft(), 'swift-la'));
    expect(call?.body).toMatchObject({ phone_number: '+13105550142' });
    expect(callsTo('/api/sale_team/generate_request_by_customer')).toHaveLength(0);
  });

  it('uses the sale_team path when the link belongs to a sales-team member (user_type 4)', async () => {
    const { callsTo } = stubWizardServer();
    const user = userEvent.setup();
    const view = renderStep(<StepSummary />, {
      draft: contactDraft(),
      direct: { link: 'swift-sales', profile: { ...TEST_PROFILE, user_type: 4 } },
    });

    await user.click(requestMove());

    await waitFor(() => expect(view.latest().screen).toBe(Screen.congratulations));
    expect(callsTo('/api/sale_team/generate_request_by_customer')[0]?.body).toMatchObject({
      direct_access_link: 'swift-sales',
    });
    expect(callsTo('/api/company/generate_request_by_customer')).toHaveLength(0);
  });

  it('shows a failure of the direct path as a banner', async () => {
    stubWizardServer({
      'POST /api/company/generate_request_by_customer': {
        code: 400,
        message: MSG.directLinkInvalid,
      },
    });
    const user = userEvent.setup();
    renderStep(<StepSummary />, { draft: contactDraft(), direct: DIRECT });

    await user.click(requestMove());
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.directLinkInvalid);
  });
});
