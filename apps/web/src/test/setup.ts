import '@testing-library/jest-dom/vitest';
import { createElement } from 'react';
import { withEmotionCache, type EmotionCache } from '@emotion/react';
import { cleanup, configure, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetToast } from '../lib/toast';
import { resetAnalyticsSender } from '../features/analytics/analytics-sender';

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

// jsdom does not scroll; app/root-layout.tsx scrolls to the top on every new page.
window.scrollTo = () => {};

// The styles MUI inserts go into emotion's default cache, as <style> tags in the document's head.
// A worker keeps its document from one file to the next (isolate: false), so the tags piled up,
// hundreds per file, and every getComputedStyle (Testing Library's role queries, user-event's
// pointer check, toBeVisible) read them all: the last files of a worker ran three times slower
// than alone. After each test the cache is emptied, as a fresh page would have it.
let emotionCache: EmotionCache | undefined;
render(
  createElement(
    withEmotionCache((_props: object, cache: EmotionCache) => {
      emotionCache = cache;
      return null;
    }),
  ),
);
cleanup();

afterEach(() => {
  cleanup();
  if (emotionCache) {
    emotionCache.sheet.flush();
    for (const key of Object.keys(emotionCache.inserted)) delete emotionCache.inserted[key];
  }
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  resetToast();
  // Each test is a page life of its own for the page-view analytics (decision 043).
  resetAnalyticsSender();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
