import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, MSG } from '@movehub/shared';
import { CookieBanner } from './cookie-banner';

describe('CookieBanner', () => {
  it('shows the consent notice with the I understand button on a first visit', () => {
    render(<CookieBanner />);
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.cookieAccept })).toBeInTheDocument();
  });

  it('hides itself and stores the consent cookie when I understand is clicked', async () => {
    render(<CookieBanner />);
    await userEvent.setup().click(screen.getByRole('button', { name: MSG.cookieAccept }));

    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(document.cookie).toContain(`${CONSENT_COOKIE}=1`);
  });

  it('stays hidden while the consent cookie exists', () => {
    document.cookie = `${CONSENT_COOKIE}=1; path=/`;
    render(<CookieBanner />);
    expect(screen.queryByRole('button', { name: MSG.cookieAccept })).not.toBeInTheDocument();
  });

  it('writes the cookie for 150 days on the whole site', async () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => descriptor?.get?.call(document) as string,
      set: (value: string) => {
        writes.push(value);
        descriptor?.set?.call(document, value);
      },
    });
    try {
      render(<CookieBanner />);
      await userEvent.setup().click(screen.getByRole('button', { name: MSG.cookieAccept }));
      expect(writes).toEqual([
        `${CONSENT_COOKIE}=1; max-age=${150 * 24 * 60 * 60}; path=/; SameSite=Lax`,
      ]);
    } finally {
      Reflect.deleteProperty(document, 'cookie');
    }
  });
});
