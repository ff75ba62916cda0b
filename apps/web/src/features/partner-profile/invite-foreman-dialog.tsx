import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FOREMAN_INVITE_TTL_DAYS,
  inviteForemanBodySchema,
  type InviteForemanBody,
  type InviteForemanForm,
} from '@movehub/shared';
import { useDialogMutation } from '../../lib/use-dialog-mutation';
import { FormDialog } from '../../ui/form-dialog';
import { useInviteForeman } from './use-profile-mutations';
import { FormTextField } from '../../ui/form-text-field';

/**
 * Invite a foreman: his email and name. He gets an email with a link to set his password; a
 * refusal (the email belongs to an account already) shows in the dialog.
 */
export function InviteForemanDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mutation = useInviteForeman();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InviteForemanBody, unknown, InviteForemanForm>({
    resolver: zodResolver(inviteForemanBodySchema),
    defaultValues: { email: '', first_name: '', last_name: '' },
  });
  // The dialog stays mounted between openings: each one starts from an empty form.
  const close = () => {
    mutation.reset();
    reset();
    onClose();
  };
  const invite = useDialogMutation(mutation, { onDone: close });

  const { ref: emailRef, ...emailField } = register('email');
  const { ref: firstRef, ...firstField } = register('first_name');
  const { ref: lastRef, ...lastField } = register('last_name');

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Invite a foreman"
      titleId="invite-foreman-title"
      description={
        <>
          We email him a link to set his password (valid {FOREMAN_INVITE_TTL_DAYS} days). Then he
          signs in to the partner console and sees the moves you assign him.
        </>
      }
      descriptionId="invite-foreman-text"
      failure={invite.failure}
      pending={invite.pending}
      submitLabel="Send invitation"
      onSubmit={handleSubmit(invite.submit)}
    >
      <FormTextField
        {...emailField}
        inputRef={emailRef}
        id="invite-foreman-email"
        label="Email"
        type="email"
        autoComplete="off"
        autoFocus
        required
        fullWidth
        fieldError={errors.email}
      />
      <FormTextField
        {...firstField}
        inputRef={firstRef}
        id="invite-foreman-first-name"
        label="First name"
        autoComplete="off"
        required
        fullWidth
        fieldError={errors.first_name}
      />
      <FormTextField
        {...lastField}
        inputRef={lastRef}
        id="invite-foreman-last-name"
        label="Last name"
        autoComplete="off"
        required
        fullWidth
        fieldError={errors.last_name}
      />
    </FormDialog>
  );
}
