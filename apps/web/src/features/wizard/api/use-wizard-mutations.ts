import { useMutation } from '@tanstack/react-query';
import { UserType } from '@movehub/shared';
import { generateRequest } from '../../../lib/saved-request';
import type { WizardDraft } from '../draft';
import { buildDirectRequestPayload, buildRequestPayload } from '../summary/build-payload';
import type { WizardContextValue } from '../wizard-context';
import { addWishlistArea, generateDirectRequest } from './wizard-api';

/**
 * The wizard's submit: generate_request for a signed-in customer, or a company's (or the sales
 * team's) direct path for a visitor from a direct link. The key is the draft's: one submit, one
 * key, so a retry gets the first answer instead of a second request (decision 007).
 */
export function useSubmitRequest(direct: WizardContextValue['direct']) {
  return useMutation({
    mutationFn: ({ toSend, key }: { toSend: WizardDraft; key: string }) =>
      direct
        ? generateDirectRequest(
            buildDirectRequestPayload(toSend, direct.link),
            direct.profile.user_type === UserType.salesTeam,
            key,
          )
        : // spec §8: the screen shows the failure as a banner, not a toast.
          generateRequest(buildRequestPayload(toSend), {
            suppressToast: true,
            idempotencyKey: key,
          }),
  });
}

/** add_wishlist_area: an unserved zip and an email, for the wait-list. */
export const useJoinWaitlist = () => useMutation({ mutationFn: addWishlistArea });
