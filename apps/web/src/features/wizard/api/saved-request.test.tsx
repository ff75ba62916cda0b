import { StrictMode } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAVED_REQUEST_KEY, saveRequest, WIZARD_DRAFT_KEY } from '../../../lib/saved-request';
import { readString, setSession } from '../../../lib/storage';
import { getToast } from '../../../lib/toast';
import { buildUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { dashboardStubs, GEO_CONFIG_STUB } from '../../../test/sessions';
import { buildRequestPayload } from '../summary/build-payload';
import { saveDraft } from '../draft';
import { buildDraft, stubWizardServer } from '../test-draft';

const DRAFT = buildDraft();
const SAVED = buildRequestPayload(DRAFT);

/**
 * /create-request as sign-up leaves it: the draft at step 7, the saved request in page state; in
 * StrictMode, as main.tsx mounts the app (its effects run twice, the request is sent once).
 */
function arriveAfterSignUp(state: unknown = { savedRequest: SAVED }) {
  saveDraft(WIZARD_DRAFT_KEY, DRAFT);
  return renderApp(
    { pathname: '/create-request', state },
    { wrapper: ({ children }) => <StrictMode>{children}</StrictMode> },
  );
}

/** The wizard's map, and the dashboard it leads to once the request is sent. */
const AROUND = { ...dashboardStubs(), 'GET /api/geo/config': GEO_CONFIG_STUB };

describe('useSavedRequestOnArrival (the wizard after sign-up)', () => {
  it('sends the saved request once, clears it and the draft, and lands on /dashboard/congratulations', async () => {
    setSession('token-123', buildUser());
    saveRequest(SAVED);
    const { callsTo } = stubWizardServer(AROUND);
    const { router } = arriveAfterSignUp();

    expect(await screen.findByLabelText('Sending your request')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Congratulations!' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/congratulations');
    const sent = callsTo('/api/customer/generate_request');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual(SAVED);
    expect(sent[0]?.headers['x-sh-auth']).toBe('token-123');
    expect(readString(SAVED_REQUEST_KEY)).toBeNull();
    expect(readString(WIZARD_DRAFT_KEY)).toBeNull();
  });

  it('sends a stored saved request when the page state is gone (a reload)', async () => {
    setSession('token-123', buildUser());
    saveRequest(SAVED);
    const { callsTo } = stubWizardServer(AROUND);
    const { router } = arriveAfterSignUp(null);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Congratulations!' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/congratulations');
    expect(callsTo('/api/customer/generate_request')).toHaveLength(1);
  });

  it('shows the failure on the wizard at its draft step, keeping the draft to fix and resend', async () => {
    setSession('token-123', buildUser());
    const { callsTo } = stubWizardServer({
      ...AROUND,
      'POST /api/customer/generate_request': {
        code: 400,
        message: 'The move date cannot be in the past.',
      },
    });
    const { router } = arriveAfterSignUp();

    expect(await screen.findByText('The move date cannot be in the past.')).toBeVisible();
    // The summary step is a chunk of its own, loaded when shown.
    expect(await screen.findByRole('heading', { name: 'Confirm request details' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/create-request');
    expect(router.state.location.state).toBeNull();
    expect(callsTo('/api/customer/generate_request')).toHaveLength(1);
    expect(readString(SAVED_REQUEST_KEY)).toBeNull();
    expect(readString(WIZARD_DRAFT_KEY)).not.toBeNull();
    // The banner says it; no toast repeats it.
    expect(getToast()).toBeNull();
  });

  it('sends nothing without a token', async () => {
    const { callsTo } = stubWizardServer(AROUND);
    arriveAfterSignUp();

    expect(await screen.findByRole('heading', { name: 'Confirm request details' })).toBeVisible();
    expect(callsTo('/api/customer/generate_request')).toHaveLength(0);
  });
});
