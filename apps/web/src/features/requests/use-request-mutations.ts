import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddAddressBody,
  AddCommentBody,
  EditAddressBody,
  LifecycleRequest,
} from '@movehub/shared';
import { showRequestEditToast } from '../../lib/request-edit-toast';
import { addAddress, deleteAddress, editAddress } from './address-edits-api';
import { addComment, deleteRequest, editFinalComment, invalidateRequest } from './requests-api';

/*
 * The customer's changes to one request. After each, its detail and the My Requests tabs are
 * read again (invalidateRequest).
 */

type RequestKind = Pick<LifecycleRequest, 'request_type'> & { id: number };

/**
 * delete_request. The screen leaves for My Requests at once, so the detail is not read again
 * now: it is marked stale, and read afresh (cancelled, read-only) when it is opened again.
 */
export function useCancelRequest(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRequest(requestId),
    onSuccess: () => void invalidateRequest(queryClient, requestId, { refetchDetail: false }),
  });
}

/** edit_final_comment: the client comment. */
export function useEditClientComment(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (finalComment: string) => editFinalComment(requestId, finalComment),
    onSuccess: () => invalidateRequest(queryClient, requestId),
  });
}

/** add_comments: a comment or a reply on the request's thread. */
export function useAddRequestComment(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCommentBody) => addComment(body),
    onSuccess: () => invalidateRequest(queryClient, requestId),
  });
}

/**
 * delete_address. Its toast is said here, before the detail is read again: the card that asked
 * is gone from the new detail, and with it anything it would have said after.
 */
export function useDeleteAddress(request: RequestKind, addressId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAddress(request, { request_id: request.id, address_id: addressId }),
    onSuccess: async (response) => {
      // A paid direct request's edit waits for the company's price.
      showRequestEditToast(response);
      await invalidateRequest(queryClient, request.id);
    },
  });
}

/**
 * add_address, or edit_address with the address's id. The detail is not read here: the edit
 * screen leaves for it, and it loads there.
 */
export function useSaveAddress(request: RequestKind, addressId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddAddressBody) =>
      addressId === undefined
        ? addAddress(request, body)
        : editAddress(request, { ...body, address_id: addressId } as EditAddressBody),
    onSuccess: async (response) => {
      // A paid direct request's edit waits for the company's price.
      showRequestEditToast(response);
      await invalidateRequest(queryClient, request.id, { refetchDetail: false });
    },
  });
}
