import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { canEditRequestDetails, ItemType, type RequestDetail } from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { itemsQueryOptions, roomTypesQueryOptions } from '../../lib/items/catalogue-api';
import { CommonListEditor } from '../../lib/items/common-list-editor';
import { AddItemsOption, type ItemEntry, type RoomEntry } from '../../lib/items/item-model';
import { ItemsOptionChoice } from '../../lib/items/items-option-choice';
import { RoomsEditor } from '../../lib/items/rooms-editor';
import { useDocumentTitle } from '../../lib/use-document-title';
import { requestDetailPath } from '../../lib/request-paths';
import { LoadError } from '../../ui/load-error';
import { PageLoader } from '../../ui/page-loader';
import { EditScreen } from './edit-screen';
import { itemEditsRequestQueryOptions } from './item-edits-api';
import {
  commonListLines,
  itemsDiffer,
  itemsEditorMode,
  roomLines,
  toItemEntry,
  toRooms,
  type ItemsEditorMode,
} from './item-lines';
import { useEditItems } from './use-item-edits';

export const ITEMS_OPTION_TITLE = 'How do you want to add items?';
export const BY_ROOM_TITLE = 'Edit Items';
export const COMMON_LIST_TITLE = 'Edit Items list';
/** spec §2, verbatim (its spelling included). */
export const ROOM_PLACEHOLDER = 'Please Selelct a room';

/**
 * /dashboard/my-requests/edit-items/{requestId}, also at top level (spec/request-lifecycle.md §2
 * "Item and extra-item editing", §4 "Item editing", §5 "Save payloads"): the request's items in
 * the wizard's editors. A request whose items can no longer be changed (§4 Guards) goes back to
 * its detail.
 */
export function EditItemsPage() {
  useDocumentTitle('Edit Items');
  const { requestId = '' } = useParams();
  // A malformed id is the server's to refuse: its message shows like any other load failure.
  const id = Number(requestId);
  const detail = useQuery(itemEditsRequestQueryOptions(id));
  const roomTypes = useQuery(roomTypesQueryOptions());

  // Until the items are in, the title is unknown (the add-items question, the list or the rooms):
  // the loader and the error say what happens, and the heading comes once.
  if (detail.isPending) {
    return (
      <EditScreen requestId={id}>
        <PageLoader label="Loading request" />
      </EditScreen>
    );
  }
  if (detail.isError && !detail.data) {
    return (
      <EditScreen requestId={id}>
        <LoadError message={`Error Message: ${detail.error.message}`} onRetry={detail.refetch} />
      </EditScreen>
    );
  }
  if (!canEditRequestDetails(detail.data.request)) {
    return <Navigate to={requestDetailPath(detail.data.request.id)} replace />;
  }
  const mode = itemsEditorMode(detail.data.request_item);
  // The rooms are named after the room types: wait for them (a failure leaves whole-catalogue rooms).
  if (mode === 'by-room' && roomTypes.isPending) {
    return (
      <EditScreen requestId={id}>
        <PageLoader label="Loading rooms" />
      </EditScreen>
    );
  }
  return <ItemsEditor detail={detail.data} initialMode={mode} roomTypes={roomTypes.data ?? []} />;
}

function ItemsEditor({
  detail,
  initialMode,
  roomTypes,
}: {
  detail: RequestDetail;
  initialMode: ItemsEditorMode;
  roomTypes: readonly { id: number; name: string }[];
}) {
  const request = detail.request;
  // The copy the Update rule compares with: the items as the screen loaded them.
  const [loaded] = useState<ItemEntry[]>(() => detail.request_item.map(toItemEntry));
  const [mode, setMode] = useState<ItemsEditorMode>(initialMode);
  const [list, setList] = useState<ItemEntry[]>(loaded);
  const [rooms, setRooms] = useState<RoomEntry[]>(() => toRooms(loaded, roomTypes));
  const [edited, setEdited] = useState(false);
  const roomItems = useMemo(() => rooms.flatMap((room) => room.itemList), [rooms]);

  const navigate = useNavigate();
  const save = useEditItems(request);
  const send = (lines: Parameters<typeof save.mutate>[0]) =>
    save.mutate(lines, { onSuccess: () => navigate(requestDetailPath(request.id)) });

  const choose = (option: AddItemsOption) =>
    setMode(option === AddItemsOption.byRoom ? 'by-room' : 'common-list');

  if (mode === 'choose') {
    return (
      <EditScreen requestId={request.id} title={ITEMS_OPTION_TITLE}>
        <ItemsOptionChoice chosen={null} onChoose={choose} />
      </EditScreen>
    );
  }

  const byRoom = mode === 'by-room';
  const current = byRoom ? roomItems : list;
  // spec §4: Update only when the list differs from the loaded copy, and in the by-room editor
  // after any edit.
  const canUpdate = itemsDiffer(loaded, current) || (byRoom && edited);
  const total = current.reduce((sum, item) => sum + item.value, 0);

  return (
    <EditScreen requestId={request.id} title={byRoom ? BY_ROOM_TITLE : COMMON_LIST_TITLE}>
      {byRoom && (
        <Typography sx={{ mb: 2 }} role="status">
          Total items: {total}
        </Typography>
      )}
      {byRoom ? (
        <RoomsEditor
          rooms={rooms}
          onChange={(recipe) => {
            setEdited(true);
            setRooms(recipe);
          }}
          placeholder={ROOM_PLACEHOLDER}
          roomActions="menu"
        />
      ) : (
        <CommonList items={list} onChange={setList} />
      )}
      {save.isError && (
        <Alert severity="error" sx={{ mt: 3 }}>
          {errorMessage(save.error)}
        </Alert>
      )}
      {canUpdate && (
        <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            size="large"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : null}
            onClick={() => send(byRoom ? roomLines(rooms) : commonListLines(list))}
          >
            Update
          </Button>
        </Box>
      )}
    </EditScreen>
  );
}

/** The common-list editor over the whole regular catalogue (get_item, type '1'). */
function CommonList({
  items,
  onChange,
}: {
  items: ItemEntry[];
  onChange: (recipe: (list: ItemEntry[]) => ItemEntry[]) => void;
}) {
  const catalogue = useQuery({
    ...itemsQueryOptions(ItemType.regular),
    select: (response) => response.data,
  });
  return (
    <CommonListEditor catalogue={catalogue} items={items} onChange={onChange} listTitle="Items" />
  );
}
