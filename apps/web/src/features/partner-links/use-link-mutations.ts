import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DirectLink } from '@movehub/shared';
import { newIdempotencyKey } from '../../lib/saved-request';
import { showToast } from '../../lib/toast';
import { createDirectLink, linkKeys, setDirectLinkActive } from './links-api';

type LinksAnswer = { data: DirectLink[] } | undefined;

/**
 * create_direct_link. Its Idempotency-Key is kept until the call succeeds, so a retry after a
 * lost answer gets the same link and a double click cannot make two. The new link shows at once,
 * first, and the list is read again behind it.
 */
export function useCreateDirectLink() {
  const queryClient = useQueryClient();
  const pendingKey = useRef<string | null>(null);
  return useMutation({
    mutationFn: () => {
      pendingKey.current ??= newIdempotencyKey();
      return createDirectLink(pendingKey.current);
    },
    onSuccess: async (response) => {
      pendingKey.current = null;
      queryClient.setQueryData(linkKeys.list(), (old: LinksAnswer) =>
        old && !old.data.some((l) => l.id === response.data.id)
          ? { ...old, data: [response.data, ...old.data] }
          : old,
      );
      await queryClient.invalidateQueries({ queryKey: linkKeys.list() });
    },
  });
}

/** Disable or enable a link: it changes in the list at once, with the server's words for it. */
export function useSetDirectLinkActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDirectLinkActive,
    onSuccess: async (response) => {
      showToast(response.message, 'success');
      queryClient.setQueryData(linkKeys.list(), (old: LinksAnswer) =>
        old
          ? { ...old, data: old.data.map((l) => (l.id === response.data.id ? response.data : l)) }
          : old,
      );
      await queryClient.invalidateQueries({ queryKey: linkKeys.list() });
    },
  });
}
