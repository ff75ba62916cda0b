import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import PersonIcon from '@mui/icons-material/Person';
import { uploadUrl } from '../../lib/upload-url';

/**
 * A counterpart's or the customer's picture, else a placeholder; with `online`, a green or grey
 * dot (the name beside it always says Online or Offline in words as well: colour is not the only
 * signal). Decorative: the name is written next to it.
 */
export function ChatAvatar({
  picture,
  online,
  size = 44,
}: {
  picture: string | null | undefined;
  online?: boolean;
  size?: number;
}) {
  const avatar = (
    <Avatar src={uploadUrl(picture)} alt="" sx={{ width: size, height: size }}>
      <PersonIcon sx={{ fontSize: size * 0.6 }} />
    </Avatar>
  );
  if (online === undefined) return <span aria-hidden>{avatar}</span>;
  return (
    <Badge
      aria-hidden
      overlap="circular"
      variant="dot"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      sx={{
        '& .MuiBadge-badge': {
          bgcolor: online ? 'success.main' : 'grey.500',
          border: 2,
          borderColor: 'background.paper',
          width: 12,
          height: 12,
          borderRadius: '50%',
        },
      }}
    >
      {avatar}
    </Badge>
  );
}

/** The words beside the dot. */
export const onlineText = (online: boolean) => (online ? 'Online' : 'Offline');
