import { lazy, Suspense, useId, useState, type SyntheticEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import {
  canEditRequestDetails,
  COMMON_LIST_CATEGORY,
  distanceText,
  formatUsd,
  toCents,
  type RequestDetail,
  type ServerItem,
  wirePhoneToMasked,
} from '@movehub/shared';
import { formatDate, formatMoveTime } from '../../lib/format-date';
import { itemPhotoUrl } from '../../lib/upload-url';
import { AddressCard } from '../../ui/address-card';
import { DetailLine } from '../../ui/detail-line';
import { AddAddressLink, AddressActions } from './address-actions';
import { ItemEditLink } from './item-edit-link';
import { Section } from '../../ui/section';

const ADDRESS_LETTERS = 'ABCDEF';

const Popper = lazy(() => import('@mui/material/Popper'));

/** spec §2: request information: contact, date, time, distance in miles, move type. */
function RequestInformation({ request }: { request: RequestDetail['request'] }) {
  const name = [request.customer_first_name, request.customer_last_name].filter(Boolean).join(' ');
  return (
    <Stack spacing={0.25}>
      <DetailLine label="Contact Name">{name || 'N/A'}</DetailLine>
      <DetailLine label="Email">{request.customer_email || 'N/A'}</DetailLine>
      <DetailLine label="Phone">
        {wirePhoneToMasked(request.customer_phone_number) || 'N/A'}
      </DetailLine>
      <DetailLine label="Date">{formatDate(request.s_date) || 'N/A'}</DetailLine>
      <DetailLine label="Time">{formatMoveTime(request) || 'N/A'}</DetailLine>
      {/* Issue 31: a distance from or to a zip code's centre says so. */}
      <DetailLine label="Distance">
        {distanceText(request.net_distance, request.net_distance_approximate === true)}
      </DetailLine>
      <DetailLine label="Move Type">{request.move_type || 'N/A'}</DetailLine>
    </Stack>
  );
}

/** spec §2: item photos in a popover with a count, on hover or keyboard focus. */
function ItemPhotos({ item }: { item: ServerItem }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popperId = useId();
  // Only our uploads are shown (decision 037).
  const photos = item.request_item_image_models.flatMap((photo) => {
    const url = itemPhotoUrl(photo.image_url);
    return url ? [url] : [];
  });
  if (photos.length === 0) return null;
  const open = (event: SyntheticEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        size="small"
        startIcon={<PhotoLibraryOutlinedIcon aria-hidden />}
        aria-label={`${photos.length} photos of ${item.name}`}
        aria-describedby={anchor ? popperId : undefined}
        onMouseEnter={open}
        onMouseLeave={close}
        onFocus={open}
        onBlur={close}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
        sx={{ minWidth: 0 }}
      >
        {photos.length}
      </Button>
      {anchor && (
        // The positioning engine loads with the first photos shown, not with every detail page.
        <Suspense fallback={null}>
          <Popper id={popperId} open anchorEl={anchor} placement="bottom-start">
            <Paper
              elevation={4}
              sx={{ p: 1, display: 'flex', gap: 1, flexWrap: 'wrap', maxWidth: 280 }}
            >
              {photos.map((photo, index) => (
                <Box
                  key={photo}
                  component="img"
                  src={photo}
                  alt={`${item.name} photo ${index + 1}`}
                  sx={{ width: 80, height: 80, objectFit: 'cover', borderRadius: 1 }}
                />
              ))}
            </Paper>
          </Popper>
        </Suspense>
      )}
    </>
  );
}

function ItemGroup({ title, items }: { title: string; items: ServerItem[] }) {
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" sx={{ fontWeight: 600 }}>
        {`${title} (${count})`}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((item) => (
          <li key={item.id}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {`${item.name} × ${item.quantity}`}
              </Typography>
              <ItemPhotos item={item} />
            </Box>
            {item.additional_info && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {item.additional_info}
              </Typography>
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** spec §2: items grouped by category with counts; 'Common List' has its own block. */
export function groupItems(items: ServerItem[]): {
  categories: { name: string; items: ServerItem[] }[];
  commonList: ServerItem[];
} {
  const byCategory = new Map<string, ServerItem[]>();
  const commonList: ServerItem[] = [];
  for (const item of items) {
    if (item.category_name === COMMON_LIST_CATEGORY) {
      commonList.push(item);
      continue;
    }
    const name = item.category_name || 'Other';
    byCategory.set(name, [...(byCategory.get(name) ?? []), item]);
  }
  return {
    categories: [...byCategory].map(([name, grouped]) => ({ name, items: grouped })),
    commonList,
  };
}

function Items({ items }: { items: ServerItem[] }) {
  const { categories, commonList } = groupItems(items);
  if (items.length === 0) return <Typography color="text.secondary">No items added</Typography>;
  return (
    <Stack spacing={1.5}>
      {categories.map((category) => (
        <ItemGroup key={category.name} title={category.name} items={category.items} />
      ))}
      {commonList.length > 0 && <ItemGroup title={COMMON_LIST_CATEGORY} items={commonList} />}
    </Stack>
  );
}

/** spec §2: name, quantity and unit_price × quantity; rows with quantity not above 0 hidden. */
function ExtraItems({ items }: { items: ServerItem[] }) {
  const shown = items.filter((item) => item.quantity > 0);
  if (shown.length === 0) {
    return <Typography color="text.secondary">No extra items added</Typography>;
  }
  return (
    <Box component="ul" aria-label="Extra items" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {shown.map((item) => (
        <Box
          component="li"
          key={item.id}
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 1,
            py: 0.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {`${item.name} × ${item.quantity}`}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {formatUsd(toCents(item.unit_price) * item.quantity)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The right column: request information, addresses, items and extra items. */
export function DetailInformation({ detail }: { detail: RequestDetail }) {
  // spec §4 "Guards": addresses and items are edited below 3 (marketplace) or 6 (direct).
  const editable = canEditRequestDetails(detail.request);
  const addresses = detail.request_address;
  return (
    <>
      <Section id="information-heading" title="Request Information">
        <RequestInformation request={detail.request} />
      </Section>
      <Section id="addresses-heading" title="Addresses">
        <Stack spacing={1.5}>
          {addresses.map((address, index) => {
            const letter = ADDRESS_LETTERS[index] ?? String(index + 1);
            return (
              <AddressCard
                key={address.id}
                address={address}
                letter={letter}
                headingLevel="h3"
                actions={
                  editable && (
                    <AddressActions
                      request={detail.request}
                      address={address}
                      letter={letter}
                      addressCount={addresses.length}
                    />
                  )
                }
              />
            );
          })}
        </Stack>
        {editable && <AddAddressLink requestId={detail.request.id} addresses={addresses} />}
      </Section>
      <Section id="items-heading" title="Items">
        <Items items={detail.request_item} />
        <ItemEditLink request={detail.request} screen="items" />
      </Section>
      <Section id="extra-items-heading" title="Extra Items">
        <ExtraItems items={detail.extra_request_items} />
        <ItemEditLink request={detail.request} screen="extra-items" />
      </Section>
    </>
  );
}
