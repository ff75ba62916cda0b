import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditExtraItemBody, EditItemsBody, LifecycleRequest } from '@movehub/shared';
import { showRequestEditToast } from '../../lib/request-edit-toast';
import { editExtraItems, editItems, invalidateRequests } from './item-edits-api';

type RequestKind = Pick<LifecycleRequest, 'request_type'> & { id: number };

/**
 * An item edit: the server's words for it (an edit of a paid direct request waits for the
 * mover's price, and says so), then the request and the lists are read again.
 */
function useItemEdit<TLines>(
  request: RequestKind,
  call: (request: RequestKind, requestId: number, lines: TLines) => ReturnType<typeof editItems>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: TLines) => call(request, request.id, lines),
    onSuccess: async (response) => {
      showRequestEditToast(response);
      await invalidateRequests(queryClient);
    },
  });
}

/** edit_items: the regular items become the lines. */
export const useEditItems = (request: RequestKind) =>
  useItemEdit(request, (kind, id, lines: EditItemsBody['items_array']) =>
    editItems(kind, { request_id: id, items_array: lines }),
  );

/** edit_extra_item: every extra item, the unticked ones with quantity 0. */
export const useEditExtraItems = (request: RequestKind) =>
  useItemEdit(request, (kind, id, lines: EditExtraItemBody['items_array']) =>
    editExtraItems(kind, { request_id: id, items_array: lines }),
  );
