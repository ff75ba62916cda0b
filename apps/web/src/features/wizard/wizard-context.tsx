import { createContext, useContext } from 'react';
import type { DirectLinkProfile } from '@movehub/shared';
import type { Screen, WizardDraft } from './draft';

/** What every step reads and writes: the draft, the mode and the way between steps. */
export interface WizardContextValue {
  draft: WizardDraft;
  /** Applies a change to the draft (saved to local storage unless at step 8). */
  update: (recipe: (draft: WizardDraft) => WizardDraft) => void;
  /** Opens a step (and saves it as the draft's screen). */
  goTo: (screen: Screen) => void;
  /** Prev: the step before, or /dashboard from step 0. */
  goBack: () => void;
  /** Drops the stored draft (at step 8 and after a successful submit). */
  clear: () => void;
  /** Direct-link mode: the link and the profile behind it (company or sales-team member). */
  direct: { link: string; profile: DirectLinkProfile } | null;
  /** Where the congratulations step sends a direct-link customer, once the request exists. */
  createdAccessLink: string | null;
  setCreatedAccessLink: (link: string | null) => void;
}

export const WizardContext = createContext<WizardContextValue | null>(null);

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard must be used inside the create-request page');
  return value;
}
