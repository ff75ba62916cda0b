import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  MAX_ADDRESSES,
  MSG,
  addressDeleteError,
  canAddAddress,
  type RequestDetail,
  type ServerAddress,
} from '@movehub/shared';
import { errorMessage } from '../../lib/api-client';
import { MY_REQUESTS_PATH } from '../../lib/request-paths';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useDeleteAddress } from './use-request-mutations';

/*
 * The request detail's address controls while the request may be edited (spec §4 "Guards":
 * marketplace requests below status 3, direct ones below 6): Edit and Delete on each address
 * card, and 'Add address' while fewer than 6 exist (spec §9).
 */

export const addAddressPath = (requestId: number) => `${MY_REQUESTS_PATH}/add-address/${requestId}`;
export const editAddressPath = (requestId: number, addressId: number) =>
  `${MY_REQUESTS_PATH}/edit-address/${requestId}/${addressId}`;

interface AddressActionsProps {
  request: RequestDetail['request'];
  address: ServerAddress;
  /** The address's letter (A to F), naming the buttons for a screen reader. */
  letter: string;
  /** How many addresses the request has: spec §5 refuses a delete below 3. */
  addressCount: number;
}

/**
 * Edit opens edit-address; Delete asks 'Are your sure you want to delete this address?' and
 * calls delete_address, unless fewer than 3 addresses exist: then it says 'Minimum two address
 * is required…' and asks nothing of the server (spec §5 "Address add/edit"). A failure shows
 * the server's message as a banner under the card (spec §8).
 */
export function AddressActions({ request, address, letter, addressCount }: AddressActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const titleId = useId();
  const messageId = useId();

  const remove = useDeleteAddress(request, address.id);

  const askDelete = () => {
    const refused = addressDeleteError(addressCount);
    setNotice(refused);
    if (!refused) setConfirming(true);
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          component={RouterLink}
          to={editAddressPath(request.id, address.id)}
          size="small"
          startIcon={<EditOutlinedIcon aria-hidden />}
          aria-label={`Edit address ${letter}`}
        >
          Edit
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineIcon aria-hidden />}
          aria-label={`Delete address ${letter}`}
          onClick={askDelete}
          disabled={remove.isPending}
        >
          Delete
        </Button>
      </Stack>
      {notice && (
        <Alert severity="error" onClose={() => setNotice(null)} sx={{ mt: 1 }}>
          {notice}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete address"
        message={MSG.deleteAddressConfirm}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSettled: () => setConfirming(false),
            onError: (error) => setNotice(errorMessage(error)),
          })
        }
        onClose={() => setConfirming(false)}
        pending={remove.isPending}
        confirmColor="error"
        titleId={titleId}
        messageId={messageId}
      />
    </>
  );
}

/** 'Add address' while the request has fewer than 6 (spec §9 "Max 6 addresses"). */
export function AddAddressLink({
  requestId,
  addresses,
}: {
  requestId: number;
  addresses: readonly ServerAddress[];
}) {
  if (!canAddAddress(addresses)) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {`You can add up to ${MAX_ADDRESSES} addresses.`}
      </Typography>
    );
  }
  return (
    <Button
      component={RouterLink}
      to={addAddressPath(requestId)}
      startIcon={<AddIcon aria-hidden />}
      sx={{ mt: 1.5 }}
    >
      Add address
    </Button>
  );
}
