import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetToast } from '../lib/toast';

// The first screen of a file waits for its lazy route chunk to be transformed, which on a busy
// two-core machine takes longer than Testing Library's default second.
configure({ asyncUtilTimeout: 4000 });

// jsdom has no matchMedia; MUI's useMediaQuery reads it. Tests see the wide (desktop) layout.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom does not scroll; React Router's ScrollRestoration calls scrollTo on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  resetToast();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
