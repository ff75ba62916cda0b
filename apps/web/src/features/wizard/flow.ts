import { AddItemsOption, Screen, type WizardDraft } from './draft';

/*
 * spec/request-lifecycle.md §4 "Wizard flow": 0 → 1 → 2, then 3 (By Room) or 4 (Common List),
 * then 7, then 8. Step 2's Next (Skip in direct-link mode) goes to 7. Prev from 7 returns to 3
 * or 4 by the chosen option, Prev from 3 or 4 to 2. Steps 5 (extra items) and 6 (card) are not
 * on that path; the summary opens them and they return to 7 (spec §2, steps 5 and 6).
 */

/** The step an items option leads to. */
export function screenForOption(option: WizardDraft['addItemsOptionType']): Screen {
  return option === AddItemsOption.byCommonList ? Screen.commonList : Screen.rooms;
}

/** Where Prev leads from `screen`; null on step 0, whose Back leaves the wizard for /dashboard. */
export function previousScreen(
  draft: Pick<WizardDraft, 'screen' | 'addItemsOptionType'>,
): Screen | null {
  switch (draft.screen) {
    case Screen.map:
      return null;
    case Screen.details:
      return Screen.map;
    case Screen.itemsOption:
      return Screen.details;
    case Screen.rooms:
    case Screen.commonList:
      return Screen.itemsOption;
    case Screen.extraItems:
    case Screen.card:
      return Screen.summary;
    case Screen.summary:
      return draft.addItemsOptionType === null
        ? Screen.itemsOption
        : screenForOption(draft.addItemsOptionType);
    default:
      return null;
  }
}
