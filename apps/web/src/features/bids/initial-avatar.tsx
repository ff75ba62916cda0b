import Avatar, { type AvatarProps } from '@mui/material/Avatar';
import { uploadUrl } from '../../lib/upload-url';

/** A picture, or the name's first letter when there is none (spec §2 "picture or initial"). */
export function InitialAvatar({
  name,
  picture,
  size = 48,
  sx,
}: {
  name: string;
  picture: string | null | undefined;
  size?: number;
  sx?: AvatarProps['sx'];
}) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Avatar
      src={uploadUrl(picture)}
      // The name is always written beside the avatar: the picture adds nothing to read aloud.
      alt=""
      aria-hidden
      sx={{ width: size, height: size, fontSize: size / 2.2, bgcolor: 'primary.main', ...sx }}
    >
      {initial}
    </Avatar>
  );
}
