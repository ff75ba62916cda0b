import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAX_TOTAL_QUANTITY, MSG, totalQuantityMessage } from '@movehub/shared';
import { SAVED_REQUEST_KEY } from '../../../lib/saved-request';
import { readString, setSession } from '../../../lib/storage';
import { getToast } from '../../../lib/toast';
import type { StubReply } from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import { buildRequestPayload } from './build-payload';
import { Screen } from '../draft';
import { StepSummary } from './step-summary';
import { buildDraft, buildItem, CREATED, stubWizardServer } from '../test-draft';
import { renderStep } from '../test-wizard';

const logIn = () => setSession('token-123', buildUser());
const requestMove = () => screen.getByRole('button', { name: 'Request Move' });

describe('StepSummary: Request Move in normal mode', () => {
  it('requires a price of at least 1 and marks the field red, sending nothing', async () => {
    logIn();
    const { callsTo } = stubWizardServer();
    const user = userEvent.setup();
    const draft = buildDraft({
      requestKeyValue: { ...buildDraft().requestKeyValue, customer_price: '' },
    });
    const view = renderStep(<StepSummary />, { draft });

    const price = screen.getByLabelText(/Your Price/);
    expect(price).toHaveAttribute('name', 'customer_budget');
    await user.click(requestMove());
    expect(await screen.findByText('Please enter your price.')).toBeVisible();
    expect(price).toHaveAttribute('aria-invalid', 'true');

    await user.type(price, '0');
    await user.click(requestMove());
    expect(screen.getByText('Please enter your price.')).toBeVisible();

    await user.clear(price);
    await user.type(price, 'a1$2.555');
    expect(price).toHaveValue('12.55');
    expect(view.latest().requestKeyValue.customer_price).toBe('12.55');
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'false'));
    expect(callsTo('/api/customer/generate_request')).toHaveLength(0);
  });

  it(`names the limit of ${MAX_TOTAL_QUANTITY} items in a move and sends nothing over it`, async () => {
    logIn();
    const { callsTo } = stubWizardServer();
    const user = userEvent.setup();
    const crates = Array.from({ length: Math.ceil(MAX_TOTAL_QUANTITY / 999) + 1 }, (_, i) =>
      buildItem({ name: `Crate ${i}`, value: 999 }),
    );
    const draft = buildDraft();
    const rooms = [{ ...draft.rooms[0]!, itemList: crates }];
    renderStep(<StepSummary />, { draft: { ...draft, rooms } });

    await user.click(requestMove());
    expect(await screen.findByText(totalQuantityMessage)).toBeVisible();
    expect(callsTo('/api/customer/generate_request')).toHaveLength(0);
  });

  it('sends generate_request with the token and opens step 8 with the draft cleared', async () => {
    logIn();
    const { callsTo } = stubWizardServer();
    const user = userEvent.setup();
    const draft = buildDraft();
    const view = renderStep(<StepSummary />, { draft });

    await user.type(screen.getByLabelText('Comments'), '!');
    await user.click(requestMove());

    await waitFor(() => expect(view.latest().screen).toBe(Screen.congratulations));
    expect(view.wasCleared()).toBe(true);
    const [call] = callsTo('/api/customer/generate_request');
    expect(call?.headers['x-sh-auth']).toBe('token-123');
    const expected = buildRequestPayload({
      ...draft,
      requestKeyValue: { ...draft.requestKeyValue, comments: 'Piano on the second floor!' },
    });
    expect(call?.body).toEqual(expected);
    expect(callsTo('/api/customer/generate_request')).toHaveLength(1);
  });

  it('never sends twice: Request Move is disabled with progress while the call runs', async () => {
    logIn();
    let answer: (reply: StubReply) => void = () => {};
    const { callsTo } = stubWizardServer({
      'POST /api/customer/generate_request': () => new Promise((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderStep(<StepSummary />, { draft: buildDraft() });

    await user.dblClick(requestMove());
    await waitFor(() => expect(requestMove()).toBeDisabled());
    expect(within(requestMove()).getByRole('progressbar', { hidden: true })).toBeInTheDocument();
    answer(CREATED);
    await waitFor(() => expect(callsTo('/api/customer/generate_request')).toHaveLength(1));
  });

  it("shows the server's message as a banner on a failed submit and stays on the step", async () => {
    logIn();
    stubWizardServer({
      'POST /api/customer/generate_request': {
        code: 400,
        message: 'The move date cannot be in the past.',
      },
    });
    const user = userEvent.setup();
    const view = renderStep(<StepSummary />, { draft: buildDraft() });

    await user.click(requestMove());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The move date cannot be in the past.',
    );
    expect(view.latest().screen).toBe(Screen.summary);
    expect(view.wasCleared()).toBe(false);
    expect(getToast()).toBeNull();
    expect(requestMove()).toBeEnabled();
  });

  it("asks a visitor to 'Get moving' and carries the saved request to the login view", async () => {
    const { callsTo } = stubWizardServer();
    const user = userEvent.setup();
    const draft = buildDraft();
    const view = renderStep(<StepSummary />, { draft });

    await user.click(requestMove());
    const dialog = await screen.findByRole('dialog', { name: 'Get moving' });
    expect(dialog).toHaveTextContent(MSG.loginOrSignup);
    const payload = buildRequestPayload(draft);
    expect(callsTo('/api/customer/generate_request')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'LOG IN' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(view.router.state.location.state).toEqual({ savedRequest: payload });
    expect(JSON.parse(readString(SAVED_REQUEST_KEY) ?? 'null')).toEqual(payload);
  });

  it('keeps nothing to send later when the visitor closes the popup', async () => {
    stubWizardServer();
    const user = userEvent.setup();
    renderStep(<StepSummary />, { draft: buildDraft() });

    await user.click(requestMove());
    await screen.findByRole('dialog', { name: 'Get moving' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(readString(SAVED_REQUEST_KEY)).toBeNull();
  });

  it('sends a visitor to sign up with the saved request', async () => {
    stubWizardServer();
    const user = userEvent.setup();
    const view = renderStep(<StepSummary />, { draft: buildDraft() });

    await user.click(requestMove());
    const dialog = await screen.findByRole('dialog', { name: 'Get moving' });
    await user.click(within(dialog).getByRole('button', { name: 'SIGN UP' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/register'));
    expect(view.router.state.location.state).toEqual({
      savedRequest: buildRequestPayload(buildDraft()),
    });
  });
});
