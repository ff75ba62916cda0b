import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimRequestBody, NewPasswordForm } from '@movehub/shared';
import { profileKeys } from '../../lib/profile-query';
import { clearSession, markSessionEnding, setSession } from '../../lib/storage';
import { verifyPhoneCode } from '../../lib/verification-api';
import { changePassword, logOut, resetPassword, socialLogin, updatePassword } from './auth-api';
import type { SocialProvider } from './auth-api';
import { claimRequest } from './claim-request-api';

/*
 * The customer's account calls. A call that gives the browser a session stores it here; where the
 * page goes next is the page's.
 */

/**
 * update_password: the Change Password modal. The profile is read again: an account that set its
 * first password has one now (has_password), and the next opening asks for it.
 */
export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** reset_password: emails the reset link. */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/** change_password: the new password from the emailed link, whose token it carries. */
export const useChangePassword = (jwtToken: string) =>
  useMutation({
    mutationFn: (values: NewPasswordForm) => changePassword({ ...values, jwt_token: jwtToken }),
  });

/** A provider's sign-in, tried first without a phone and again with the verified one. */
export interface SocialAttempt {
  provider: SocialProvider;
  accessToken: string;
}

/** login_by_google / login_by_facebook. */
export const useSocialLogin = () =>
  useMutation({
    mutationFn: ({ attempt, phone }: { attempt: SocialAttempt; phone: string }) =>
      socialLogin(attempt.provider, { access_token: attempt.accessToken, phone_number: phone }),
  });

/** The code of the phone a social sign-in asked for; its refusal shows above the code. */
export const useVerifySocialPhone = () =>
  useMutation({
    mutationFn: ({ phone, code }: { phone: string; code: string }) =>
      verifyPhoneCode({ phonenumber: phone, code }, { suppressToast: true }),
  });

/**
 * claim_request, with the emailed link's token: a claimed request signs its owner in (a new
 * account's session comes with the answer).
 */
export function useClaimRequest(claimToken: string) {
  return useMutation({
    mutationFn: (body: Omit<ClaimRequestBody, 'claim_token'>) =>
      claimRequest({ claim_token: claimToken, ...body }),
    onSuccess: ({ data }) => {
      if (data.claimed && data.auth_token && data.user) setSession(data.auth_token, data.user);
    },
  });
}

/** log_out: the session and every cached answer of it end here, whatever the server said. */
export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // The socket closes and the reads stop first, so that what the server does to the revoked
      // token (closing its socket, refusing its handshake) finds nothing of this session to end.
      markSessionEnding();
      await queryClient.cancelQueries();
      return logOut();
    },
    // Even when the server could not be told (offline, token already dead).
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
