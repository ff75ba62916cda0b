import { useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import { MAX_ITEM_PHOTOS, takeItemPhotos } from '@movehub/shared';
import { uploadFile } from '../upload-file';
import { uploadUrl } from '../upload-url';
import type { ItemPhoto } from './item-model';

export const PHOTO_NOT_IMAGE_MESSAGE = 'Only image files can be added.';
export const PHOTO_LIMIT_MESSAGE = `At most ${MAX_ITEM_PHOTOS} photos per item.`;

interface ItemPhotosProps {
  itemName: string;
  images: ItemPhoto[];
  setImages: Dispatch<SetStateAction<ItemPhoto[]>>;
  /** How many uploads are still running (Save waits for them). */
  uploading: number;
  setUploading: Dispatch<SetStateAction<number>>;
}

/**
 * spec §5 "Item photos: at most 3, images only". Each chosen photo is uploaded at once
 * (upload_s3_file, no token, spec §7) so that the draft in local storage keeps its url; the
 * uploads still running count against the limit.
 */
export function ItemPhotos({
  itemName,
  images,
  setImages,
  uploading,
  setUploading,
}: ItemPhotosProps) {
  const [problems, setProblems] = useState<string[]>([]);
  const full = images.length + uploading >= MAX_ITEM_PHOTOS;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be chosen again after removing it.
    event.target.value = '';
    if (files.length === 0) return;
    const { accepted, notImages, overLimit } = takeItemPhotos(images.length + uploading, files);
    const found: string[] = [];
    if (notImages.length > 0) found.push(PHOTO_NOT_IMAGE_MESSAGE);
    if (overLimit.length > 0) found.push(PHOTO_LIMIT_MESSAGE);
    setProblems(found);
    for (const file of accepted) {
      setUploading((count) => count + 1);
      uploadFile(file, 'item')
        // A failed upload shows the server's message in the toast (the api client).
        .then((response) => setImages((current) => [...current, { image_url: response.file_url }]))
        .catch(() => undefined)
        .finally(() => setUploading((count) => count - 1));
    }
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Photos
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        {images.map((photo, index) => (
          <Box key={photo.image_url + index} sx={{ position: 'relative', width: 88, height: 88 }}>
            <Box
              component="img"
              src={uploadUrl(photo.image_url)}
              alt={`Photo ${index + 1} of ${itemName}`}
              sx={{
                width: 88,
                height: 88,
                objectFit: 'cover',
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
              }}
            />
            <IconButton
              aria-label={`Remove photo ${index + 1}`}
              size="small"
              onClick={() => {
                setProblems([]);
                setImages((current) => current.filter((_, at) => at !== index));
              }}
              sx={{
                position: 'absolute',
                top: -10,
                right: -10,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
        {uploading > 0 && (
          <Box sx={{ width: 88, height: 88, display: 'grid', placeItems: 'center' }}>
            <CircularProgress aria-label="Uploading photo" size={32} />
          </Box>
        )}
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<PhotoCameraIcon aria-hidden />}
          disabled={full}
        >
          Add photos
          <input
            hidden
            type="file"
            name="upload_file"
            accept="image/*"
            multiple
            disabled={full}
            onChange={onChoose}
          />
        </Button>
        <Typography variant="body2" color="text.secondary">
          Up to {MAX_ITEM_PHOTOS} photos, images only.
        </Typography>
      </Stack>
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {problems.join(' ')}
        </Alert>
      )}
    </Box>
  );
}
