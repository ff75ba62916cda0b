import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE } from '@movehub/shared';
import { WIZARD_DRAFT_KEY } from '../../lib/saved-request';
import { renderApp } from '../../test/render';
import { GEO_CONFIG_STUB } from '../../test/sessions';
import { saveDraft, Screen } from './draft';
import { buildDraft, stubWizardServer } from './test-draft';

/*
 * The wizard's steps for the page-view analytics (decision 043): the step a visit reaches, with
 * the page it is on, so that a company sees how far its direct link's visitors went.
 */

const EVENT_CALL = '/app_api/analytics_event';

beforeEach(() => {
  document.cookie = `${CONSENT_COOKIE}=1; path=/`;
});

describe('the wizard and the page-view analytics', () => {
  it("reports the step a restored direct-link wizard opens on, with the link's page", async () => {
    const { callsTo } = stubWizardServer({
      'GET /api/geo/config': GEO_CONFIG_STUB,
      'POST /api/company/validate_generated_link': {
        code: 200,
        data: true,
        profile: {
          id: 7,
          name: 'Swift Movers LA',
          thumbnail: null,
          profile_picture: null,
          user_type: 2,
        },
      },
      [`POST ${EVENT_CALL}`]: { code: 200, recorded: true },
    });
    saveDraft(`${WIZARD_DRAFT_KEY}:swift-movers-la`, buildDraft({ screen: Screen.summary }));
    renderApp('/create-request/swift-movers-la');
    await waitFor(
      () =>
        expect(callsTo(EVENT_CALL).map((call) => call.body)).toContainEqual({
          name: 'wizard_step',
          path: '/create-request/swift-movers-la',
          step: 7,
        }),
      { timeout: 10_000 },
    );
    expect(callsTo(EVENT_CALL).map((call) => call.body)).toContainEqual({
      name: 'pageview',
      path: '/create-request/swift-movers-la',
    });
    // The map drawn while the stored draft is read is not a step this visit reached.
    expect(callsTo(EVENT_CALL).map((call) => call.body)).not.toContainEqual({
      name: 'wizard_step',
      path: '/create-request/swift-movers-la',
      step: 0,
    });
  });
});
