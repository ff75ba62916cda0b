import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FEEDBACK_TEXT, MSG } from '@movehub/shared';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { renderComponent } from '../../test/render';
import { FeedbackDialog } from './feedback-dialog';

const FEEDBACK = 'POST /app_api/add_feedback';

const ok: StubHandler = (body) => ({
  code: 200,
  data: {
    ...(body as object),
    request_timeline_status: 8,
    company_rating: 4.5,
  },
});

function renderDialog(handler: StubHandler = ok) {
  const stub = stubFetch({ [FEEDBACK]: handler });
  const onDone = vi.fn();
  const onClose = vi.fn();
  renderComponent(
    <FeedbackDialog
      open
      requestId={42}
      finalAmount={500}
      discount={5}
      onClose={onClose}
      onDone={onDone}
    />,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Feedback' }));
  const sent = () => stub.calls.filter((c) => c.path === '/app_api/add_feedback');
  return { ...stub, dialog, onDone, onClose, sent };
}

/**
 * Picks a star value. MUI Rating reads the pointer's position over the stars, which jsdom does
 * not lay out; a plain click on the value's radio is what a keyboard user's choice sends.
 */
function rate(dialog: ReturnType<typeof within>, label: string) {
  fireEvent.click(dialog.getByLabelText(label));
}

describe('FeedbackDialog', () => {
  it("shows the spec's texts and the tips on the discounted price in whole dollars", () => {
    const { dialog } = renderDialog();
    expect(dialog.getByText('Request #42')).toBeInTheDocument();
    expect(dialog.getByText('How was your move?')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Comments' })).toHaveAttribute('name', 'comment');
    // $500 less 5% is $475: 12% is $57, 15% $71.25 → $71, 20% $95.
    for (const label of ['0% ($0)', '12% ($57)', '15% ($71)', '20% ($95)', 'Other']) {
      expect(dialog.getByRole('radio', { name: label })).toBeInTheDocument();
    }
    expect(dialog.getByRole('radio', { name: '0% ($0)' })).toBeChecked();
  });

  it('asks for a rating before sending anything', async () => {
    const { dialog, sent } = renderDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    expect(dialog.getByText(FEEDBACK_TEXT.ratingRequired)).toBeInTheDocument();
    expect(sent()).toEqual([]);
  });

  it('sends a half-star rating, the trimmed comment and a 15% tip', async () => {
    const { dialog, sent, onDone } = renderDialog();
    rate(dialog, '4.5 Stars');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Comments' }), '  Great crew  ');
    await userEvent.click(dialog.getByRole('radio', { name: '15% ($71)' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent().map((c) => c.body)).toEqual([
      { request_id: 42, rating: 4.5, comment: 'Great crew', tip: 71 },
    ]);
  });

  it('takes another amount in whole dollars only: no sign, point or letters', async () => {
    const { dialog, sent } = renderDialog();
    rate(dialog, '3 Stars');
    await userEvent.click(dialog.getByRole('radio', { name: 'Other' }));
    const field = dialog.getByRole('textbox', { name: 'Tip amount ($)' });
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    // Spoken to the customer, not naming the API's field.
    expect(
      dialog.getByText('Please enter the tip in whole dollars, or choose 0%.'),
    ).toBeInTheDocument();
    expect(dialog.queryByText(FEEDBACK_TEXT.tipInvalid)).not.toBeInTheDocument();
    await userEvent.type(field, '-12.5a');
    expect(field).toHaveValue('125');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.body).toEqual({ request_id: 42, rating: 3, comment: '', tip: 125 });
  });

  it("shows a declined card's message and keeps the form", async () => {
    const { dialog, onDone } = renderDialog({ code: 400, message: MSG.cardDeclined });
    rate(dialog, '5 Stars');
    await userEvent.click(dialog.getByRole('radio', { name: '20% ($95)' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(MSG.cardDeclined);
    expect(onDone).not.toHaveBeenCalled();
    expect(dialog.getByRole('radio', { name: '20% ($95)' })).toBeChecked();
  });
});
