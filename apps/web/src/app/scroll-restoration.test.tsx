import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render';

/** A page the person has scrolled down to `top`. */
function scrolledTo(top: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: top });
  window.dispatchEvent(new Event('scroll'));
}

/** The login page, whose link leads to the password reset page. */
function renderPages() {
  // A new tab: no page of it seen yet (the last test's pages were kept as they unmounted).
  sessionStorage.clear();
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: 3000,
  });
  stubFetch({
    'GET /app_api/social_config': { code: 200, google_client_id: null, facebook_app_id: null },
  });
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const view = renderApp('/login');
  return { ...view, scrollTo };
}

describe('the scroll position', () => {
  it('opens a new page at its top and puts a page gone back to where it was left', async () => {
    const { router, scrollTo } = renderPages();
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    scrolledTo(1200);
    scrollTo.mockClear();

    await userEvent.click(link);
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrolledTo(0);
    scrollTo.mockClear();

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
  });

  it('leaves a page opened by the browser where the browser shows it', async () => {
    const { scrollTo } = renderPages();
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
