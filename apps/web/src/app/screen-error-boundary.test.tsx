import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SETTING_KEYS, type SettingData } from '@movehub/shared';
import { SCREEN_FAILED } from '../lib/screen-failed';
import { stubFetch } from '../test/fetch-stub';
import { preloadScreens, renderApp } from '../test/render';
import { dashboardStubs, signInCustomer } from '../test/sessions';

const settings = Object.fromEntries(
  SETTING_KEYS.map((key) => [key, `<p>The ${key} text.</p>`]),
) as SettingData;

/**
 * The About page fails as it names itself in the tab (a screen that throws, whatever the
 * cause); every other page names itself as usual.
 */
function failAboutPage() {
  const title = Object.getOwnPropertyDescriptor(Document.prototype, 'title')!;
  vi.spyOn(document, 'title', 'set').mockImplementation((value: string) => {
    if (value.startsWith('About Us')) throw new Error('render failed');
    title.set!.call(document, value);
  });
}

beforeAll(() => preloadScreens('/dashboard/about-us', '/dashboard/refferral-program'), 60_000);

describe('a screen that fails', () => {
  it('says so in its place, keeps the layout, and the next page renders anew', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    signInCustomer();
    stubFetch({
      ...dashboardStubs(),
      'GET /api/admin/get_setting': { code: 200, setting_data: settings },
    });
    failAboutPage();
    renderApp('/dashboard/about-us');

    expect(await screen.findByText(SCREEN_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });

    await act(() => user.click(within(nav).getByRole('link', { name: 'Refferral Program' })));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Refferral Program' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(SCREEN_FAILED)).not.toBeInTheDocument();
  });
});
