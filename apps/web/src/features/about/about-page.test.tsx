import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { SETTING_KEYS, type SettingData } from '@movehub/shared';
import { stubFetch } from '../../test/fetch-stub';
import { preloadScreens, renderApp } from '../../test/render';
import { dashboardStubs, signInCustomer } from '../../test/sessions';

function settings(overrides: Partial<SettingData> = {}): SettingData {
  const base = Object.fromEntries(
    SETTING_KEYS.map((key) => [key, `<p>The ${key} text.</p>`]),
  ) as SettingData;
  return { ...base, ...overrides };
}

function renderAbout(setting_data: SettingData) {
  signInCustomer();
  const server = stubFetch({
    ...dashboardStubs(),
    'GET /api/admin/get_setting': { code: 200, setting_data },
  });
  return { ...server, ...renderApp('/dashboard/about-us') };
}

beforeAll(() => preloadScreens('/dashboard/about-us'), 60_000);

describe('AboutPage', () => {
  it('shows the about text, then the seven sections titled as the product titles them', async () => {
    renderAbout(settings({ about: '<h2>Moving made simple</h2><p>We match movers.</p>' }));

    expect(await screen.findByText('We match movers.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    // The page's sections (the header's menus are buttons that expand too).
    const titles = within(screen.getByRole('main'))
      .getAllByRole('button', { expanded: false })
      .map((button) => button.textContent);
    expect(titles).toEqual([
      'Contact Us',
      'FAQ',
      'How the product works',
      'Cancellation policy',
      'Legal',
      'Terms of Service',
      'Privacy Policy',
    ]);
  });

  it('opens a section to show its HTML', async () => {
    renderAbout(settings({ faq: '<h3>Can I cancel?</h3><p>Yes, before the move.</p>' }));
    const user = userEvent.setup();
    const faq = await screen.findByRole('button', { name: 'FAQ' });
    expect(faq).toHaveAttribute('aria-expanded', 'false');

    await user.click(faq);
    expect(faq).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'FAQ' });
    expect(within(region).getByRole('heading', { name: 'Can I cancel?' })).toBeInTheDocument();
    expect(within(region).getByText('Yes, before the move.')).toBeVisible();
  });

  it('removes scripts and event handlers from the HTML before rendering it', async () => {
    renderAbout(
      settings({
        about:
          '<p>Hello</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true" alt="logo"><a href="javascript:alert(1)">bad link</a>',
      }),
    );
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('img', { name: 'logo' })).not.toHaveAttribute('onerror');
    expect(screen.getByText('bad link')).not.toHaveAttribute('href', 'javascript:alert(1)');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('says so when the page cannot be loaded', async () => {
    signInCustomer();
    stubFetch({
      ...dashboardStubs(),
      'GET /api/admin/get_setting': { code: 500, message: 'Something went wrong.' },
    });
    renderApp('/dashboard/about-us');
    expect(await screen.findByText('We could not load this page.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
