import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import PersonIcon from '@mui/icons-material/Person';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import {
  MSG,
  profileNamesSchema,
  wirePhoneToMasked,
  type ProfileNamesForm,
  type SessionUser,
} from '@movehub/shared';
import { profileQueryOptions } from '../../lib/profile-query';
import { showToast } from '../../lib/toast';
import { uploadUrl } from '../../lib/upload-url';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePictureUpload } from '../../lib/use-picture-upload';
import { PageLoader } from '../../ui/page-loader';
import { ChangeEmailDialog } from './change-email-dialog';
import { ChangePhoneDialog } from './change-phone-dialog';
import type { UpdateCustomerBody } from './profile-api';
import { useUpdateProfile } from './use-update-profile';
import { LoadError } from '../../ui/load-error';
import { FormTextField } from '../../ui/form-text-field';

/** spec/portal.md §2 Edit Profile (/dashboard/edit-profile). */
export function EditProfilePage() {
  useDocumentTitle('Edit Profile');
  const profile = useQuery(profileQueryOptions());

  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Edit Profile
      </Typography>
      {profile.isPending ? (
        <PageLoader label="Loading your profile" />
      ) : profile.isError ? (
        <LoadError message="We could not load your profile." onRetry={profile.refetch} />
      ) : (
        <EditProfileForm user={profile.data.profile} />
      )}
    </Box>
  );
}

function EditProfileForm({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const location = useLocation();
  // spec/portal.md §6: social-login accounts cannot edit name or email.
  const appLogin = user.login_by === 'app';
  const { picture, pictureError, uploading, onPicture } = usePictureUpload(user.profile_picture);
  const [dialog, setDialog] = useState<'email' | 'phone' | null>(null);
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const phone = wirePhoneToMasked(user.phone);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(profileNamesSchema),
    defaultValues: { first_name: user.first_name, last_name: user.last_name },
  });

  const save = useUpdateProfile();
  const send = (body: UpdateCustomerBody) =>
    save.mutate(body, {
      onSuccess: () => {
        // spec/portal.md §2: success returns to the previous screen with the message.
        if (location.key === 'default') void navigate('/dashboard', { replace: true });
        else void navigate(-1);
        showToast(MSG.profileUpdated, 'success');
      },
    });

  const changedPicture = picture !== user.profile_picture ? { profile_pic: picture } : {};
  const onSubmit = appLogin
    ? handleSubmit((names: ProfileNamesForm) => send({ ...names, ...changedPicture }))
    : (event: FormEvent) => {
        event.preventDefault();
        send({ ...changedPicture });
      };

  const { ref: firstRef, ...firstField } = register('first_name');
  const { ref: lastRef, ...lastField } = register('last_name');

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-busy={save.isPending}>
        <Stack spacing={3}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
            <Box sx={{ position: 'relative' }}>
              <Avatar
                src={uploadUrl(picture)}
                alt={fullName || 'Profile picture'}
                sx={{ width: 96, height: 96 }}
              >
                <PersonIcon aria-hidden sx={{ fontSize: 56 }} />
              </Avatar>
              {uploading && (
                <CircularProgress
                  aria-label="Uploading picture"
                  size={104}
                  thickness={2}
                  sx={{ position: 'absolute', top: -4, left: -4 }}
                />
              )}
            </Box>
            <Stack spacing={1} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
              <Button
                component="label"
                variant="outlined"
                startIcon={<PhotoCameraIcon aria-hidden />}
                disabled={uploading}
              >
                Upload picture
                <input
                  hidden
                  type="file"
                  name="upload_file"
                  accept="image/*"
                  onChange={onPicture}
                  disabled={uploading}
                />
              </Button>
              <Typography variant="body2" color="text.secondary">
                JPEG, PNG, GIF or WebP, up to 5 MB.
              </Typography>
            </Stack>
          </Stack>
          {pictureError && <Alert severity="error">{pictureError}</Alert>}
          {!appLogin && <Alert severity="info">{MSG.socialCannotEdit}</Alert>}

          <TextField
            id="edit-profile-email"
            name="email"
            label="Email"
            value={user.email}
            fullWidth
            slotProps={{
              input: {
                readOnly: true,
                endAdornment: appLogin ? (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label="Edit email"
                      edge="end"
                      onClick={() => setDialog('email')}
                    >
                      <EditIcon />
                    </IconButton>
                  </InputAdornment>
                ) : undefined,
              },
            }}
          />

          <TextField
            id="edit-profile-phone"
            name="phone"
            label="Phone number"
            value={phone}
            placeholder={MSG.addPhone}
            fullWidth
            slotProps={{
              input: {
                readOnly: true,
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={phone ? 'Edit phone number' : MSG.addPhone}
                      edge="end"
                      onClick={() => setDialog('phone')}
                    >
                      {phone ? <EditIcon /> : <AddIcon />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            {appLogin ? (
              <>
                <FormTextField
                  {...firstField}
                  inputRef={firstRef}
                  id="edit-profile-first-name"
                  label="First name"
                  autoComplete="given-name"
                  fullWidth
                  fieldError={errors.first_name}
                />
                <FormTextField
                  {...lastField}
                  inputRef={lastRef}
                  id="edit-profile-last-name"
                  label="Last name"
                  autoComplete="family-name"
                  fullWidth
                  fieldError={errors.last_name}
                />
              </>
            ) : (
              <>
                <TextField
                  id="edit-profile-first-name"
                  name="first_name"
                  label="First name"
                  value={user.first_name}
                  fullWidth
                  slotProps={{ input: { readOnly: true } }}
                />
                <TextField
                  id="edit-profile-last-name"
                  name="last_name"
                  label="Last name"
                  value={user.last_name}
                  fullWidth
                  slotProps={{ input: { readOnly: true } }}
                />
              </>
            )}
          </Stack>

          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={save.isPending || uploading}
            startIcon={
              save.isPending ? (
                <CircularProgress aria-hidden size={20} color="inherit" />
              ) : undefined
            }
            sx={{ alignSelf: { sm: 'flex-start' } }}
          >
            Update Profile
          </Button>
        </Stack>
      </Box>

      {appLogin && (
        <ChangeEmailDialog open={dialog === 'email'} user={user} onClose={() => setDialog(null)} />
      )}
      <ChangePhoneDialog open={dialog === 'phone'} user={user} onClose={() => setDialog(null)} />
    </Paper>
  );
}
