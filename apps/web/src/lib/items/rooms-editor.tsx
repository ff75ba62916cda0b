import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { isRoomNameValid, ItemType, nextRoomName } from '@movehub/shared';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LoadError } from '../../ui/load-error';
import { localId } from '../local-id';
import {
  itemsByCategoryQueryOptions,
  itemsQueryOptions,
  roomTypesQueryOptions,
} from './catalogue-api';
import type { ItemEntry, RoomEntry } from './item-model';
import { ItemList } from './item-list';
import { ItemPicker } from './item-picker';
import { FormDialog } from '../../ui/form-dialog';

export const ROOM_NAME_REQUIRED_MESSAGE = 'Please enter the room name.';
export const DELETE_ROOM_MESSAGE = 'Are you sure you want to delete this room?';

/**
 * Rooms and their items (spec §2 step 3 and the by-room edit screen): a room type is chosen and
 * added (a repeat gets ' #n'); each room can be renamed, deleted after a confirmation, and holds
 * its items, searched in its type's catalogue. The wizard offers rename and delete as buttons, the
 * edit screen as a menu on each room box (spec §2 "room boxes with an edit/delete menu").
 */
export function RoomsEditor({
  rooms,
  onChange,
  placeholder,
  roomActions = 'buttons',
}: {
  rooms: readonly RoomEntry[];
  /** Applies a change to the rooms (the recipe gets the rooms as they are then). */
  onChange: (recipe: (rooms: RoomEntry[]) => RoomEntry[]) => void;
  /** The room dropdown's text while nothing is chosen ('Please Selelct a room' on the edit screen). */
  placeholder?: string;
  roomActions?: RoomActions;
}) {
  const roomTypes = useQuery(roomTypesQueryOptions());
  const [typeId, setTypeId] = useState('');
  const [openRoomId, setOpenRoomId] = useState<string | null>(() => rooms.at(-1)?.room_id ?? null);

  const addRoom = () => {
    const type = roomTypes.data?.find((entry) => String(entry.id) === typeId);
    // spec §5 "Naming": the dropdown adds nothing if nothing is chosen.
    if (!type) return;
    const room: RoomEntry = {
      room_id: localId('room'),
      id: type.id,
      room_name: nextRoomName(type.name, rooms),
      itemList: [],
    };
    onChange((current) => [...current, room]);
    setOpenRoomId(room.room_id);
  };

  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        {roomTypes.isError ? (
          <LoadError message="We could not load the room types." onRetry={roomTypes.refetch} />
        ) : (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <TextField
              id="room-type"
              name="room_type"
              label="Room Type"
              select
              value={typeId}
              onChange={(event) => setTypeId(event.target.value)}
              disabled={roomTypes.isPending}
              sx={{ width: { xs: '100%', sm: 320 } }}
              slotProps={
                placeholder === undefined
                  ? undefined
                  : {
                      inputLabel: { shrink: true },
                      select: {
                        displayEmpty: true,
                        renderValue: (value) =>
                          value === ''
                            ? placeholder
                            : (roomTypes.data?.find((type) => String(type.id) === value)?.name ??
                              ''),
                      },
                    }
              }
            >
              {(roomTypes.data ?? []).map((type) => (
                <MenuItem key={type.id} value={String(type.id)}>
                  {type.name}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" startIcon={<AddIcon aria-hidden />} onClick={addRoom}>
              Add Room
            </Button>
          </Stack>
        )}
      </Paper>

      {rooms.length === 0 ? (
        <Typography color="text.secondary">
          No rooms yet. Choose a room type and add it to list its items.
        </Typography>
      ) : (
        <Stack spacing={3}>
          {rooms.map((room) => (
            <RoomCard
              key={room.room_id}
              room={room}
              actions={roomActions}
              open={openRoomId === room.room_id}
              onToggle={() =>
                setOpenRoomId((current) => (current === room.room_id ? null : room.room_id))
              }
              onChange={(patch) =>
                onChange((current) =>
                  current.map((entry) =>
                    entry.room_id === room.room_id ? { ...entry, ...patch } : entry,
                  ),
                )
              }
              onDelete={() =>
                onChange((current) => current.filter((entry) => entry.room_id !== room.room_id))
              }
            />
          ))}
        </Stack>
      )}
    </>
  );
}

type RoomActions = 'buttons' | 'menu';

interface RoomCardProps {
  room: RoomEntry;
  actions: RoomActions;
  open: boolean;
  onToggle: () => void;
  onChange: (patch: Partial<RoomEntry>) => void;
  onDelete: () => void;
}

function RoomCard({ room, actions, open, onToggle, onChange, onDelete }: RoomCardProps) {
  const ids = useId();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const headingId = `${ids}-heading`;
  const pickerId = `${ids}-picker`;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}
      >
        <Typography
          variant="h6"
          component="h2"
          id={headingId}
          sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {room.room_name}
        </Typography>
        {actions === 'menu' ? (
          <RoomMenu
            roomName={room.room_name}
            onRename={() => setDialog('rename')}
            onDelete={() => setDialog('delete')}
          />
        ) : (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              startIcon={<EditIcon aria-hidden />}
              aria-label={`Rename room ${room.room_name}`}
              onClick={() => setDialog('rename')}
            >
              Rename
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon aria-hidden />}
              aria-label={`Delete room ${room.room_name}`}
              onClick={() => setDialog('delete')}
            >
              Delete
            </Button>
          </Stack>
        )}
      </Stack>

      <ItemList
        label={`Items in ${room.room_name}`}
        items={room.itemList}
        onChange={(itemList) => onChange({ itemList })}
      />

      <Box sx={{ mt: 2 }}>
        <Button
          variant="outlined"
          startIcon={<AddIcon aria-hidden />}
          aria-expanded={open}
          aria-controls={open ? pickerId : undefined}
          aria-label={`Add items to ${room.room_name}`}
          onClick={onToggle}
        >
          Add items
        </Button>
      </Box>
      {open && (
        <Box id={pickerId} sx={{ mt: 2 }}>
          <RoomItemPicker
            room={room}
            onAdd={(added) => onChange({ itemList: [...room.itemList, ...added] })}
          />
        </Box>
      )}

      {dialog === 'rename' && (
        <RenameRoomDialog
          name={room.room_name}
          onClose={() => setDialog(null)}
          onSave={(room_name) => {
            onChange({ room_name });
            setDialog(null);
          }}
        />
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete room"
        message={DELETE_ROOM_MESSAGE}
        confirmColor="error"
        onConfirm={() => {
          setDialog(null);
          onDelete();
        }}
        onClose={() => setDialog(null)}
        titleId={`${ids}-delete-title`}
        messageId={`${ids}-delete-message`}
      />
    </Paper>
  );
}

/**
 * The search of a room: the catalogue items of the room's type (get_item_by_category_id), or the
 * whole regular catalogue for a room whose type is not known (a request's items under a category
 * that is no room type, such as Common List).
 */
function RoomItemPicker({ room, onAdd }: { room: RoomEntry; onAdd: (items: ItemEntry[]) => void }) {
  return room.id > 0 ? (
    <RoomTypePicker room={room} onAdd={onAdd} />
  ) : (
    <WholeCataloguePicker room={room} onAdd={onAdd} />
  );
}

function RoomTypePicker({ room, onAdd }: { room: RoomEntry; onAdd: (items: ItemEntry[]) => void }) {
  const catalogue = useQuery({
    ...itemsByCategoryQueryOptions(room.id),
    select: (response) => response.data,
  });
  return <ItemPicker catalogue={catalogue} selected={room.itemList} onAdd={onAdd} />;
}

function WholeCataloguePicker({
  room,
  onAdd,
}: {
  room: RoomEntry;
  onAdd: (items: ItemEntry[]) => void;
}) {
  const catalogue = useQuery({
    ...itemsQueryOptions(ItemType.regular),
    select: (response) => response.data,
  });
  return <ItemPicker catalogue={catalogue} selected={room.itemList} onAdd={onAdd} />;
}

/** The edit screen's menu of a room box: edit (rename) and delete. */
function RoomMenu({
  roomName,
  onRename,
  onDelete,
}: {
  roomName: string;
  onRename: () => void;
  onDelete: () => void;
}) {
  const ids = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `${ids}-menu`;
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton
        aria-label={`Actions of room ${roomName}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={choose(onRename)}>
          <EditIcon aria-hidden fontSize="small" sx={{ mr: 1 }} />
          Edit
        </MenuItem>
        <MenuItem onClick={choose(onDelete)}>
          <DeleteIcon aria-hidden fontSize="small" sx={{ mr: 1 }} />
          Delete
        </MenuItem>
      </Menu>
    </>
  );
}

/** spec §5 "Room name required" (on rename too). */
function RenameRoomDialog({
  name,
  onSave,
  onClose,
}: {
  name: string;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const ids = useId();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isRoomNameValid(value)) {
      setError(ROOM_NAME_REQUIRED_MESSAGE);
      return;
    }
    onSave(value.trim());
  };

  return (
    <FormDialog onClose={onClose} title="Rename room" submitLabel="Save" onSubmit={onSubmit}>
      <TextField
        id={`${ids}-name`}
        name="room_name"
        label="Room Name"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? ' '}
        required
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
    </FormDialog>
  );
}
