import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_HEADER, UserType, type DirectLink, type LinkFunnel } from '@movehub/shared';
import { setSession } from '../../lib/storage';
import { stubFetch, type StubReply } from '../../test/fetch-stub';
import { buildCompanyUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { NO_VISITS_MESSAGE } from './link-funnel';

/*
 * A direct link's visits in the partner console (decision 043): each link's card shows how many
 * opened it over the last seven days, how many reached each step of the wizard, and how many
 * sent their request.
 */

const link = (id: number): DirectLink => ({
  id,
  link: `tok${id}AbCdEfGhIjKlMnOpQrSt`,
  url: `https://movehub.example/create-request/tok${id}AbCdEfGhIjKlMnOpQrSt`,
  is_active: true,
  created_at: '2026-03-05T14:30:00.000Z',
  created_by: { id: 2, name: 'Swift Movers', user_type: UserType.company },
  request_count: 3,
});

const funnel = (link_id: number, visits: number, counts: number[], sent: number): LinkFunnel => ({
  link_id,
  visits,
  steps: counts.map((count, step) => ({ step, count })),
  sent,
});

function server(analytics: StubReply) {
  return stubFetch({
    'POST /api/company/direct_links': { code: 200, data: [link(8), link(7)] },
    'POST /api/company/direct_link_analytics': analytics,
  });
}

function renderLinks() {
  setSession('company-token', buildCompanyUser(), 'partner');
  return renderApp('/partner/links');
}

async function cardOf(id: number) {
  const articles = await screen.findAllByRole('article', { name: /^Link created/ });
  const found = articles.find((a) => a.textContent?.includes(`tok${id}AbCdEfGhIjKlMnOpQrSt`));
  if (!found) throw new Error(`no card of link ${id}`);
  return within(found);
}

beforeAll(() => preloadScreens('/partner/links'), 60_000);

describe("a direct link's visits", () => {
  it('shows the visits of the last 7 days, how many reached each step and sent a request', async () => {
    const { calls } = server({
      code: 200,
      data: {
        from: '2026-03-01',
        to: '2026-03-07',
        days: 7,
        links: [funnel(8, 40, [36, 28, 24, 11, 8, 0, 0, 16], 8), funnel(7, 0, [], 0)],
      },
    });
    renderLinks();

    const busy = await cardOf(8);
    const steps = await busy.findByRole('list', { name: 'Visits Mar 1st 26 – Mar 7th 26' });
    const rows = within(steps)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Visits40',
      'Move date and addresses36 (90%)',
      'Location details28 (70%)',
      'How to add items24 (60%)',
      'Rooms11 (28%)',
      'Common list8 (20%)',
      'Confirm request details16 (40%)',
      'Request sent8 (20%)',
    ]);
    expect((await cardOf(7)).getByText(NO_VISITS_MESSAGE)).toBeInTheDocument();
    // One call for every card, with the partner's session.
    const asked = calls.filter((call) => call.path === '/api/company/direct_link_analytics');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.body).toEqual({ days: 7 });
    expect(asked[0]?.headers[AUTH_HEADER]).toBe('company-token');
  });

  it('says when the visits could not be loaded, and loads them again on Try again', async () => {
    // The first answer fails, the next one works.
    let fail = true;
    stubFetch({
      'POST /api/company/direct_links': { code: 200, data: [link(8)] },
      'POST /api/company/direct_link_analytics': () =>
        fail
          ? { code: 500, message: 'Something went wrong.' }
          : {
              code: 200,
              data: { from: '2026-03-01', to: '2026-03-07', days: 7, links: [funnel(8, 3, [], 1)] },
            },
    });
    renderLinks();

    const card = await cardOf(8);
    expect(await card.findByText('Something went wrong.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(card.getByRole('button', { name: 'Try again' }));
    expect(await card.findByText('Request sent')).toBeInTheDocument();
  });
});
