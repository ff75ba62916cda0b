import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DirectLinkProfile } from '@movehub/shared';
import { renderRoutes } from '../../test/render';
import { emptyDraft, type Screen, type WizardDraft } from './draft';
import { previousScreen } from './flow';
import { WizardContext, type WizardContextValue } from './wizard-context';

/*
 * Renders one wizard step inside the wizard's context, as the create-request page does, with a
 * draft the test chooses. `latest()` reads the draft as the step left it.
 */

export const TEST_PROFILE: DirectLinkProfile = {
  id: 7,
  name: 'Swift Movers LA',
  thumbnail: null,
  profile_picture: null,
  user_type: 2,
};

interface Options {
  draft?: Partial<WizardDraft>;
  direct?: WizardContextValue['direct'];
  path?: string;
  state?: unknown;
}

export function renderStep(step: React.ReactElement, options: Options = {}) {
  const initial: WizardDraft = { ...emptyDraft(), ...options.draft };
  const box = { draft: initial, cleared: false };

  function Harness() {
    const [draft, setDraft] = useState(initial);
    const [createdAccessLink, setCreatedAccessLink] = useState<string | null>(null);
    const navigate = useNavigate();
    box.draft = draft;
    const update = useCallback<WizardContextValue['update']>((recipe) => {
      setDraft((current) => {
        const next = recipe(current);
        box.draft = next;
        return next;
      });
    }, []);
    const goTo = useCallback((screen: Screen) => update((d) => ({ ...d, screen })), [update]);
    const value = useMemo<WizardContextValue>(
      () => ({
        draft,
        update,
        goTo,
        goBack: () => {
          const previous = previousScreen(draft);
          // As the create-request page: Back on step 0 leaves for /dashboard.
          if (previous === null) void navigate('/dashboard');
          else goTo(previous);
        },
        clear: () => {
          box.cleared = true;
        },
        direct: options.direct ?? null,
        createdAccessLink,
        setCreatedAccessLink,
      }),
      [draft, update, goTo, createdAccessLink, navigate],
    );
    return <WizardContext.Provider value={value}>{step}</WizardContext.Provider>;
  }

  const path = options.path ?? '/create-request';
  const view = renderRoutes(
    [
      { path, element: <Harness /> },
      { path: '*', element: <p>Other page</p> },
    ],
    { pathname: path, state: options.state },
  );
  return {
    ...view,
    /** The draft as the step last wrote it. */
    latest: () => box.draft,
    wasCleared: () => box.cleared,
  };
}
