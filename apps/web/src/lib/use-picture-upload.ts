import { useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { imageFileProblem, uploadFile } from './upload-file';

/**
 * A profile picture chosen, checked and uploaded ahead of the form that saves it (the customer's
 * and the company's alike: upload_type 'profile'). The picture is the uploaded file's name until
 * the form is saved with it; a file that is not an image, or too big, is refused before any call.
 */
export function usePictureUpload(initial: string | null) {
  const [picture, setPicture] = useState(initial);
  const [pictureError, setPictureError] = useState<string | null>(null);
  // spec/portal.md §8: an upload failure shows the message (the toast) and stops loading.
  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(file, 'profile'),
    onSuccess: (response) => setPicture(response.file_url),
  });

  const onPicture = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    setPictureError(problem);
    if (!problem) upload.mutate(file);
  };

  return { picture, setPicture, pictureError, uploading: upload.isPending, onPicture };
}
