import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRELOADS_PER_TASK, startScript } from '../build/prerender';

/*
 * The prerendered pages' start script (build/prerender.ts), run here as the browser runs it: a
 * classic script whose own element names the entry and the screen's chunks.
 */

const CHUNKS = Array.from({ length: 2 * PRELOADS_PER_TASK + 3 }, (_, i) => `/assets/c${i}.js`);

/** Runs the start script from an element like the one a prerendered page's head holds. */
function runStartScript(attributes: Record<string, string>) {
  const element = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.head.appendChild(element);
  Object.defineProperty(document, 'currentScript', { value: element, configurable: true });
  // A background tab starts the app at once: no paint to wait for.
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  new Function(startScript())();
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

describe('the start script of a prerendered page', () => {
  afterEach(() => {
    Reflect.deleteProperty(document, 'currentScript');
    Reflect.deleteProperty(document, 'visibilityState');
    vi.useRealTimers();
    for (const element of document.head.querySelectorAll('script, link')) element.remove();
  });

  it('adds the entry at once and the chunks a few a task, every one in order', () => {
    vi.useFakeTimers();
    runStartScript({ 'data-entry': '/assets/index.js', 'data-preload': CHUNKS.join(' ') });

    const entry = document.head.querySelector<HTMLScriptElement>('script[type="module"]');
    expect(entry?.getAttribute('src')).toBe('/assets/index.js');
    expect(entry?.crossOrigin).toBe('');
    // One task adds a slice of the links, not all: each costs the main thread its share.
    expect(preloads()).toEqual(CHUNKS.slice(0, PRELOADS_PER_TASK));

    vi.advanceTimersToNextTimer();
    expect(preloads()).toEqual(CHUNKS.slice(0, 2 * PRELOADS_PER_TASK));
    vi.runAllTimers();
    expect(preloads()).toEqual(CHUNKS);
    for (const link of document.head.querySelectorAll<HTMLLinkElement>('link')) {
      expect(link.crossOrigin).toBe('');
    }
    // The 3-second limit does not start the app a second time.
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });

  it('starts with no chunks to preload', () => {
    vi.useFakeTimers();
    runStartScript({ 'data-entry': '/assets/index.js', 'data-preload': '' });
    vi.runAllTimers();
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
    expect(preloads()).toEqual([]);
  });
});
