import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewPasswordForm } from '@movehub/shared';
import { PARTNER_QUERY_ROOT } from '../../lib/partner-query';
import { setSession } from '../../lib/storage';
import { setForemanPassword } from './foreman-password-api';

/**
 * set_foreman_password with the invitation's token; it answers like a login, and the foreman is
 * signed in to the console's session slot (decision 022).
 */
export function useSetForemanPassword(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NewPasswordForm) => setForemanPassword({ ...values, token }),
    onSuccess: (response) => {
      // Whoever was signed in to the console in this browser is replaced by the foreman.
      queryClient.removeQueries({ queryKey: PARTNER_QUERY_ROOT });
      setSession(response.data.auth_token, response.data.user, 'partner');
    },
  });
}
