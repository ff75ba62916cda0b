import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import { isApiError } from '../../lib/api-client';
import { showRequestEditToast } from '../../lib/request-edit-toast';
import { MY_REQUESTS_PATH } from '../../lib/request-paths';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { deleteAddress } from './address-edits-api';
import { invalidateRequest } from './requests-api';

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
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const titleId = useId();
  const messageId = useId();

  const remove = useMutation({
    mutationFn: () => deleteAddress(request, { request_id: request.id, address_id: address.id }),
    onSuccess: async (response) => {
      setConfirming(false);
      // A paid direct request's edit waits for the company's price.
      showRequestEditToast(response);
      await invalidateRequest(queryClient, request.id);
    },
    onError: (error) => {
      setConfirming(false);
      setNotice(isApiError(error) ? error.message : String(error));
    },
  });

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
        onConfirm={() => remove.mutate()}
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
