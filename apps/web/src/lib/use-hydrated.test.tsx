import { act, Suspense, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  builtPageHydrated,
  drawBuiltPage,
  useHydrated,
  useStoreAfterHydration,
} from './use-hydrated';

/** A browser store (the stored session, the screen's width) whose value the build cannot know. */
let stored = 'built';
const subscribe = () => () => undefined;
const getStored = () => stored;

/** What each render of Shown drew, in order. */
let drawn: string[] = [];

function Shown() {
  const value = useStoreAfterHydration(subscribe, getStored, 'built');
  const hydrated = useHydrated();
  drawn.push(`${value}/${hydrated}`);
  return <p>{`${value}, ${hydrated ? 'hydrated' : 'as built'}`}</p>;
}

/**
 * Shown, a Shown in a Suspense boundary (as a layout holds its screen: React hydrates the
 * boundary's content after the rest), and a third Shown that mounts only when the button is
 * pressed.
 */
function Page() {
  const [more, setMore] = useState(false);
  return (
    <div>
      <Shown />
      <Suspense fallback={<p>Loading</p>}>
        <Shown />
      </Suspense>
      <button onClick={() => setMore(true)}>More</button>
      {more && <Shown />}
    </div>
  );
}

// React's act() outside Testing Library's render (which sets this only around its own calls).
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previousActEnvironment: boolean | undefined;
beforeAll(() => {
  previousActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
});

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  container = undefined;
  drawn = [];
  stored = 'built';
});

/** The page as the build draws it, in a container of the document. */
function builtPage(): HTMLElement {
  drawBuiltPage();
  const html = renderToString(<Page />);
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

describe('useHydrated and useStoreAfterHydration', () => {
  it('hydrate what the build drew, its Suspense boundaries too, then show the browser’s value in one go', async () => {
    const root = builtPage();
    expect(root.textContent).toContain('built, as built');
    stored = 'browser';
    drawn = [];
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(root, <Page />, { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    // Until the app says the page is hydrated (main.tsx, once its screen has committed), both
    // draw what the build drew.
    expect(drawn).toEqual(['built/false', 'built/false']);
    await act(async () => {
      builtPageHydrated();
    });
    expect(drawn.slice(2)).toEqual(['browser/true', 'browser/true']);
    for (const shown of root.querySelectorAll('p')) {
      expect(shown).toHaveTextContent('browser, hydrated');
    }

    // A component mounted after hydration is the app's own: the browser's value at once.
    drawn = [];
    await act(async () => {
      root.querySelector('button')!.click();
    });
    expect(drawn.filter((d) => d !== 'browser/true')).toEqual([]);
    expect(root.querySelectorAll('p')[2]).toHaveTextContent('browser, hydrated');
  });

  it('show the browser’s value from the first render of an app that did not hydrate', async () => {
    stored = 'browser';
    container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container!).render(<Page />);
    });
    expect(drawn).toEqual(['browser/true', 'browser/true']);
    expect(container.querySelector('p')).toHaveTextContent('browser, hydrated');
  });
});
