import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@movehub/shared';
import { setSession } from '../../../lib/storage';
import { buildUser } from '../../../test/fixtures';
import { Screen } from '../draft';
import { wizardDraftSchema } from '../stored-draft';
import { StepSummary } from './step-summary';
import { buildDraft, CREATED, stubWizardServer } from '../test-draft';
import { renderStep } from '../test-wizard';

const requestMove = () => screen.getByRole('button', { name: 'Request Move' });
const LOST = { code: 500, message: 'Something went wrong on our side. Please try again.' };

describe("StepSummary: one 'Request Move', one Idempotency-Key", () => {
  it('keeps the key in the draft across a failed submit and a reload, and sends it again', async () => {
    setSession('token-123', buildUser());
    let calls = 0;
    const { callsTo } = stubWizardServer({
      // The first answer is lost; the server may well have made the request.
      'POST /api/customer/generate_request': () => (++calls === 1 ? LOST : CREATED),
    });
    const user = userEvent.setup();
    const first = renderStep(<StepSummary />, { draft: buildDraft() });
    await user.click(requestMove());
    expect(await screen.findByRole('alert')).toHaveTextContent(LOST.message);
    const key = callsTo('/api/customer/generate_request')[0]?.headers[IDEMPOTENCY_HEADER];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(first.latest().submission?.key).toBe(key);

    // A reload restores the draft from storage (JSON), key included.
    const stored = wizardDraftSchema.parse(JSON.parse(JSON.stringify(first.latest())));
    first.unmount();
    const second = renderStep(<StepSummary />, { draft: stored });
    await user.click(requestMove());
    await waitFor(() => expect(second.latest().screen).toBe(Screen.congratulations));
    const sent = callsTo('/api/customer/generate_request');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers[IDEMPOTENCY_HEADER]).toBe(key);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
  });

  it('takes a new key when the request changed after a failed submit', async () => {
    setSession('token-123', buildUser());
    const { callsTo } = stubWizardServer({ 'POST /api/customer/generate_request': LOST });
    const user = userEvent.setup();
    renderStep(<StepSummary />, { draft: buildDraft() });
    await user.click(requestMove());
    await screen.findByRole('alert');
    await user.type(screen.getByLabelText('Comments'), '!');
    await user.click(requestMove());
    await waitFor(() => expect(callsTo('/api/customer/generate_request')).toHaveLength(2));
    const [a, b] = callsTo('/api/customer/generate_request');
    expect(a?.headers[IDEMPOTENCY_HEADER]).toBeTruthy();
    expect(b?.headers[IDEMPOTENCY_HEADER]).toBeTruthy();
    expect(b?.headers[IDEMPOTENCY_HEADER]).not.toBe(a?.headers[IDEMPOTENCY_HEADER]);
  });
});
