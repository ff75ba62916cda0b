import type { DirectLinkProfile } from '@movehub/shared';
import { renderComponent } from '../../test/render';
import { emptyDraft, type WizardDraft } from './draft';
import { useWizardState } from './use-wizard-state';
import { WizardContext, type WizardContextValue } from './wizard-context';

/*
 * Renders one wizard step inside the wizard's context, as the create-request page does, with a
 * draft the test chooses. `latest()` reads the draft as the step left it. A step is a part of the
 * /create-request screen, not a screen: it renders as a component at the wizard's URL, and where
 * it leads shows in the router's location. The wizard as a whole, at /create-request, renders
 * through renderApp (api/saved-request.test.tsx).
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
  const view = renderComponent(<Harness />, { at: { pathname: path, state: options.state } });
  return {
    ...view,
    /** The draft as the step last wrote it. */
    latest: () => box.draft,
    wasCleared: () => box.cleared,
  };
}
