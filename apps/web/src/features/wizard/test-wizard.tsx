import type { DirectLinkProfile } from '@movehub/shared';
import { renderRoutes } from '../../test/render';
import { emptyDraft, type WizardDraft } from './draft';
import { useWizardState } from './use-wizard-state';
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
    const value = useWizardState({
      initial: () => initial,
      direct: options.direct ?? null,
      storageKey: null,
      onDraft: (draft) => {
        box.draft = draft;
      },
      onClear: () => {
        box.cleared = true;
      },
    });
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
