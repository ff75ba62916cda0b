import type { Key, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { itemPhotoUrl } from '../lib/upload-url';

export interface ListedItem {
  key: Key;
  /** The item's name, which also names its photos. */
  name: string;
  /** The line a person scans: name × quantity, in the screen's words. */
  line: ReactNode;
  /** Below it, in grey: the category, the customer's notes or comments. */
  details?: ReactNode;
  /**
   * The customer's photos of it, as file names or URLs (spec/portal.md §7); only our uploads are
   * shown (itemPhotoUrl, decision 037).
   */
  photos?: readonly string[];
}

interface ItemListProps {
  /** The list's accessible name ('Inventory', 'Extra items'). */
  label: string;
  items: readonly ListedItem[];
  /** What an empty list says instead. */
  empty: ReactNode;
}

/**
 * A request's items as read, not edited (the editors are lib/items): one line each, its details
 * and its photos, each photo a link to the full picture. Every screen that shows a request's
 * inventory lists it through here.
 */
export function ItemList({ label, items, empty }: ItemListProps) {
  if (items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
    >
      {items.map((item) => (
        <li key={item.key}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {item.line}
          </Typography>
          {item.details && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {item.details}
            </Typography>
          )}
          <PhotoLinks name={item.name} photos={item.photos ?? []} />
        </li>
      ))}
    </Box>
  );
}

/** Each photo that is one of our uploads, as a thumbnail linking to the full picture. */
function PhotoLinks({ name, photos }: { name: string; photos: readonly string[] }) {
  const shown = photos.flatMap((photo) => {
    const url = itemPhotoUrl(photo);
    return url ? [url] : [];
  });
  if (shown.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap' }}>
      {shown.map((photo, index) => (
        <Link key={photo} href={photo} target="_blank" rel="noopener noreferrer">
          <Box
            component="img"
            src={photo}
            alt={`${name}, photo ${index + 1}`}
            loading="lazy"
            sx={{
              width: 72,
              height: 72,
              objectFit: 'cover',
              borderRadius: 1,
              display: 'block',
            }}
          />
        </Link>
      ))}
    </Stack>
  );
}
