import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import type { CompanyForeman } from '@movehub/shared';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { InviteForemanDialog } from './invite-foreman-dialog';
import { useRemoveForeman, useResendForemanInvite } from './use-profile-mutations';

export const NO_FOREMEN_MESSAGE =
  'No foremen yet. Invite the foremen who lead your crews: each one gets an email to set his password.';

const STATUS_LABEL = { invited: 'Invited', active: 'Active' } as const;

/** The company's foremen with their status; invite, send an invitation again, remove. */
export function ForemenSection({ foremen }: { foremen: CompanyForeman[] }) {
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<CompanyForeman | null>(null);
  const resend = useResendForemanInvite();
  const remove = useRemoveForeman();

  return (
    <Stack spacing={2}>
      {foremen.length === 0 ? (
        <Typography color="text.secondary">{NO_FOREMEN_MESSAGE}</Typography>
      ) : (
        <Stack
          component="ul"
          aria-label="Foremen"
          spacing={1}
          sx={{ p: 0, m: 0, listStyle: 'none' }}
        >
          {foremen.map((foreman) => {
            const name = `${foreman.first_name} ${foreman.last_name}`.trim();
            return (
              <Box
                component="li"
                key={foreman.id}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1,
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 160 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{name}</Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {foreman.email}
                  </Typography>
                </Box>
                <Chip
                  size="small"
                  label={STATUS_LABEL[foreman.status]}
                  color={foreman.status === 'active' ? 'success' : 'default'}
                  variant={foreman.status === 'active' ? 'filled' : 'outlined'}
                />
                {foreman.status === 'invited' && (
                  <Button
                    size="small"
                    onClick={() => resend.mutate(foreman)}
                    disabled={resend.isPending}
                    aria-label={`Re-send the invitation to ${name}`}
                  >
                    Re-send
                  </Button>
                )}
                <Button
                  size="small"
                  color="error"
                  onClick={() => setRemoving(foreman)}
                  aria-label={`Remove ${name}`}
                >
                  Remove
                </Button>
              </Box>
            );
          })}
        </Stack>
      )}
      <Box>
        <Button
          variant="outlined"
          startIcon={<PersonAddIcon aria-hidden />}
          onClick={() => setInviting(true)}
        >
          Invite foreman
        </Button>
      </Box>
      <InviteForemanDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove foreman?"
        message={`${removing ? `${removing.first_name} ${removing.last_name}`.trim() : 'He'} will be signed out and can no longer sign in to your console.`}
        confirmLabel="Remove"
        cancelLabel="Cancel"
        confirmColor="error"
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          // A refusal (he leads an unfinished move) shows in the toast; the dialog closes.
          remove.mutate(removing.id, { onSettled: () => setRemoving(null) })
        }
        onClose={() => setRemoving(null)}
        titleId="remove-foreman-title"
        messageId="remove-foreman-message"
      />
    </Stack>
  );
}
