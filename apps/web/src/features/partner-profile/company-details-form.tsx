import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import {
  COMPANY_ABOUT_MAX,
  companyProfileFormSchema,
  maskedPhoneToWire,
  wirePhoneToMasked,
  type CompanyProfile,
  type CompanyProfileForm,
} from '@movehub/shared';
import { usePictureUpload } from '../../lib/use-picture-upload';
import { uploadUrl } from '../../lib/upload-url';
import { DetailLine } from '../../ui/detail-line';
import { ControlledPhoneField } from '../../ui/phone-field';
import { useUpdateCompanyProfile } from './use-profile-mutations';
import { FormTextField } from '../../ui/form-text-field';
import { textArea } from '../../ui/text-area';

/**
 * The company's public face: its picture, name, about text and phone, which customers see on
 * its bids. The email and address are shown as they are kept.
 */
export function CompanyDetailsForm({ profile }: { profile: CompanyProfile }) {
  const { picture, setPicture, pictureError, uploading, onPicture } = usePictureUpload(
    profile.profile_picture,
  );
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<CompanyProfileForm>({
    resolver: zodResolver(companyProfileFormSchema),
    defaultValues: {
      name: profile.name,
      about: profile.about ?? '',
      phone: wirePhoneToMasked(profile.phone),
    },
  });

  const save = useUpdateCompanyProfile();

  const onSubmit = handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate({
      name: values.name,
      about: values.about,
      phone: values.phone === '' ? '' : (maskedPhoneToWire(values.phone) ?? ''),
      ...(picture !== profile.profile_picture ? { profile_picture: picture } : {}),
    });
  });

  const { ref: nameRef, ...nameField } = register('name');
  const { ref: aboutRef, ...aboutField } = register('about');
  const busy = save.isPending || uploading;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-busy={save.isPending}>
      <Stack spacing={2.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ position: 'relative' }}>
            <Avatar
              src={uploadUrl(picture)}
              alt={`${profile.name} picture`}
              sx={{ width: 96, height: 96 }}
            >
              <BusinessIcon aria-hidden sx={{ fontSize: 48 }} />
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
            <Stack direction="row" spacing={1}>
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
              {picture && (
                <Button onClick={() => setPicture(null)} disabled={uploading}>
                  Remove picture
                </Button>
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              JPEG, PNG, GIF or WebP, up to 5 MB. Saved with the profile.
            </Typography>
          </Stack>
        </Stack>
        {pictureError && <Alert severity="error">{pictureError}</Alert>}

        <FormTextField
          {...nameField}
          inputRef={nameRef}
          id="company-profile-name"
          label="Company name"
          autoComplete="organization"
          required
          fullWidth
          fieldError={errors.name}
        />
        <TextField
          {...aboutField}
          inputRef={aboutRef}
          id="company-profile-about"
          label="About"
          {...textArea(3)}
          fullWidth
          error={Boolean(errors.about)}
          helperText={
            errors.about?.message ??
            `What customers read about you on your bids (up to ${COMPANY_ABOUT_MAX} characters).`
          }
        />
        <ControlledPhoneField
          control={control}
          name="phone"
          id="company-profile-phone"
          label="Phone number"
          fullWidth
        />
        <Stack spacing={0.5}>
          <DetailLine label="Email">{profile.email ?? '—'}</DetailLine>
          <DetailLine label="Address">{profile.address ?? '—'}</DetailLine>
        </Stack>
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={
              save.isPending ? (
                <CircularProgress aria-hidden size={18} color="inherit" />
              ) : undefined
            }
          >
            Save profile
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
