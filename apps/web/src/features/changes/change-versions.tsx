import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  unitText,
  formatUsd,
  toCents,
  type ChangeAddress,
  type ChangeType,
  type RequestDetail,
  type ServerAddress,
  type ServerItem,
} from '@movehub/shared';
import { dollars } from '../../lib/format-money';
import { ItemList } from '../../ui/item-list';
import { formatDate, formatMoveTime } from '../../lib/format-date';
import { DetailLine } from '../../ui/detail-line';

/*
 * The previous version of a request beside the changed one (spec/request-lifecycle.md §2 "Change
 * confirmation": "Each shows the previous version on one side and the changed version on the
 * other"), from the detail's fields (§3): type request compares s_date / s_date_change, the time
 * window / s_time_change, movers / movers_change and final_amount / final_amount_change; address
 * the addresses / new_address_array, edit_address_array, delete_address_array; items request_item
 * / change_item; extra-items extra_request_items / change_item_extra.
 */

export const VERSION_TITLES = { previous: 'Previous', changed: 'Changed' } as const;
/** The marks of what a change touches; words, not only colour. */
export const CHANGE_MARKS = {
  changed: 'Changed',
  added: 'New',
  edited: 'Edited',
  deleted: 'Deleted',
} as const;

/** A difference in dollars with its sign: '+$75.50', '-$40.00', '$0.00'. */
export function signedMoney(amount: number): string {
  const cents = toCents(amount);
  return cents > 0 ? `+${formatUsd(cents)}` : formatUsd(cents);
}

function Mark({ label }: { label: string }) {
  return (
    <Chip
      component="span"
      label={label}
      size="small"
      color="primary"
      variant="outlined"
      sx={{ ml: 1 }}
    />
  );
}

function VersionBox({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, flex: 1, minWidth: 0 }}
    >
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={0.75}>{children}</Stack>
    </Paper>
  );
}

function SideBySide({ previous, changed }: { previous: ReactNode; changed: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <VersionBox title={VERSION_TITLES.previous}>{previous}</VersionBox>
      <VersionBox title={VERSION_TITLES.changed}>{changed}</VersionBox>
    </Stack>
  );
}

/** One line of the changed side: marked when it differs from the previous one. */
function ChangedLine({
  label,
  value,
  changed,
}: {
  label: string;
  value: string;
  changed: boolean;
}) {
  return (
    <DetailLine label={label}>
      <Box component="span" sx={{ fontWeight: changed ? 700 : undefined }}>
        {value}
      </Box>
      {changed && <Mark label={CHANGE_MARKS.changed} />}
    </DetailLine>
  );
}

/** The movers of the request now: the accepted bid's crew (spec §3), else the request's own. */
function currentMovers(detail: RequestDetail): number | null {
  return detail.bid_Accepted_company?.movers ?? detail.request.movers ?? null;
}

/** type request: date, time, movers and price. */
function RequestVersions({ detail }: { detail: RequestDetail }) {
  const { request } = detail;
  const date = formatDate(request.s_date) || 'N/A';
  const time = formatMoveTime(request) || 'N/A';
  const movers = currentMovers(detail);
  const moversChange = detail.bid_Accepted_company?.movers_change ?? null;
  const newDate = request.s_date_change ? formatDate(request.s_date_change) : date;
  const newTime = request.s_time_change ? formatMoveTime({ s_time: request.s_time_change }) : time;
  const newMovers = moversChange ?? movers;
  const newPrice = request.final_amount_change ?? request.final_amount;
  return (
    <SideBySide
      previous={
        <>
          <DetailLine label="Date">{date}</DetailLine>
          <DetailLine label="Time">{time}</DetailLine>
          <DetailLine label="Movers">{movers ?? 'N/A'}</DetailLine>
          <DetailLine label="Price">{dollars(request.final_amount, { none: 'N/A' })}</DetailLine>
        </>
      }
      changed={
        <>
          <ChangedLine label="Date" value={newDate} changed={newDate !== date} />
          <ChangedLine label="Time" value={newTime} changed={newTime !== time} />
          <ChangedLine
            label="Movers"
            value={String(newMovers ?? 'N/A')}
            changed={newMovers !== movers}
          />
          <ChangedLine
            label="Price"
            value={dollars(newPrice, { none: 'N/A' })}
            changed={toCents(newPrice ?? 0) !== toCents(request.final_amount ?? 0)}
          />
        </>
      }
    />
  );
}

const letter = (index: number) => String.fromCharCode(65 + index);

function AddressLine({
  index,
  address,
  mark,
}: {
  index: number;
  address: Pick<ServerAddress, 'complete_address' | 'address_type' | 'apartment_number'>;
  mark?: { label: string; price: number | null } | undefined;
}) {
  const deleted = mark?.label === CHANGE_MARKS.deleted;
  return (
    <Box component="li" sx={{ py: 0.5 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ fontWeight: 700, mr: 1 }}>
          {letter(index)}
        </Box>
        <Box
          component={deleted ? 'del' : 'span'}
          sx={{ fontWeight: mark && !deleted ? 700 : undefined }}
        >
          {address.complete_address}
        </Box>
        {address.apartment_number ? `, ${unitText(address.apartment_number)}` : ''}
        {mark && <Mark label={mark.label} />}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {address.address_type === 1 ? 'Pick up' : 'Drop off'}
        {mark?.price !== null && mark?.price !== undefined
          ? ` · Price: ${signedMoney(mark.price)}`
          : ''}
      </Typography>
    </Box>
  );
}

function AddressList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {children}
    </Box>
  );
}

/**
 * The addresses as the change would leave them: the current ones in order, an edited one
 * replaced by its proposed fields, a deleted one struck through, then the new ones.
 */
export function changedAddresses(detail: RequestDetail): {
  address: ServerAddress | ChangeAddress;
  mark?: { label: string; price: number | null };
}[] {
  const edited = new Map(detail.edit_address_array.map((a) => [a.id, a]));
  const deleted = new Map(detail.delete_address_array.map((a) => [a.id, a]));
  return [
    ...detail.request_address.map((address) => {
      const edit = edited.get(address.id);
      if (edit) return { address: edit, mark: { label: CHANGE_MARKS.edited, price: edit.price } };
      const gone = deleted.get(address.id);
      if (gone) return { address, mark: { label: CHANGE_MARKS.deleted, price: gone.price } };
      return { address };
    }),
    ...detail.new_address_array.map((address) => ({
      address,
      mark: { label: CHANGE_MARKS.added, price: address.price },
    })),
  ];
}

function AddressVersions({ detail }: { detail: RequestDetail }) {
  return (
    <SideBySide
      previous={
        <AddressList label="Previous addresses">
          {detail.request_address.map((address, index) => (
            <AddressLine key={address.id} index={index} address={address} />
          ))}
        </AddressList>
      }
      changed={
        <AddressList label="Changed addresses">
          {changedAddresses(detail).map(({ address, mark }, index) => (
            <AddressLine
              key={`${address.id ?? 'new'}-${index}`}
              index={index}
              address={address}
              mark={mark}
            />
          ))}
        </AddressList>
      }
    />
  );
}

type VersionItem = Pick<ServerItem, 'name' | 'quantity' | 'category_name' | 'additional_info'>;

/** One side's items: how many in all, then each line (the shared list, without photos). */
function ItemVersion({ label, items }: { label: string; items: readonly VersionItem[] }) {
  const total = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <>
      {items.length > 0 && (
        <Typography variant="body2" color="text.secondary">{`Total items: ${total}`}</Typography>
      )}
      <ItemList
        label={label}
        empty="No items"
        items={items.map((item, index) => ({
          key: `${item.name}-${index}`,
          name: item.name,
          line: (
            <>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {item.name}
              </Box>
              {` × ${item.quantity}`}
            </>
          ),
          details: [item.category_name, item.additional_info].filter(Boolean).join(' · '),
        }))}
      />
    </>
  );
}

function ItemVersions({
  previous,
  changed,
}: {
  previous: readonly VersionItem[];
  changed: readonly VersionItem[];
}) {
  return (
    <SideBySide
      previous={<ItemVersion label="Previous items" items={previous} />}
      changed={<ItemVersion label="Changed items" items={changed} />}
    />
  );
}

/** The previous and changed versions of the request for one type of change. */
export function ChangeVersions({ type, detail }: { type: ChangeType; detail: RequestDetail }) {
  switch (type) {
    case 'request':
      return <RequestVersions detail={detail} />;
    case 'address':
      return <AddressVersions detail={detail} />;
    case 'items':
      return <ItemVersions previous={detail.request_item} changed={detail.change_item} />;
    case 'extra-items':
      return (
        <ItemVersions previous={detail.extra_request_items} changed={detail.change_item_extra} />
      );
  }
}
