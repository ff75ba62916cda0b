import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OpenRequest } from '@movehub/shared';
import { formatDate, formatMoveTime } from '../../lib/format-date';
import { dollars } from '../../lib/format-money';
import { ItemList, type ListedItem } from '../../ui/item-list';
import { Fact, Facts, SummaryCard } from '../../ui/summary-card';

/** The marketplace's prices: whole dollars as a rule. */
const PRICE = { trimZeroCents: true };

/** spec "type (1 = PICK UP, otherwise DROP OFF)". */
const addressLabel = (type: number) => (type === 1 ? 'Pick up' : 'Drop off');

/** An inventory line with its photos; the photos are the customer's own, named by the item. */
const listed = (items: OpenRequest['request_item']): ListedItem[] =>
  items.map((item, index) => ({
    key: `${item.name}-${index}`,
    name: item.name,
    line: `${item.name} × ${item.quantity}`,
    details: item.additional_info,
    photos: item.image_urls,
  }));

/** One of the card's two inventories under its own heading. */
function Inventory({ title, items }: { title: string; items: OpenRequest['request_item'] }) {
  return (
    <Box sx={{ flex: 1 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <ItemList label={title} items={listed(items)} empty="None" />
    </Box>
  );
}

export interface OpenRequestCardProps {
  request: OpenRequest;
  onBid: (request: OpenRequest) => void;
}

/**
 * One open request as a company prices it: where, when, what, the customer's price
 * and the estimate, the bids so far and the company's own. The API leaves out the customer's
 * name, email and phone until a bid is accepted; nothing here asks for them.
 */
export function OpenRequestCard({ request, onBid }: OpenRequestCardProps) {
  const myBid = request.my_bid;
  return (
    <SummaryCard
      headingId={`open-request-${request.id}`}
      title={`Request #${request.id}${request.move_type ? ` · ${request.move_type}` : ''}`}
      badges={
        myBid ? (
          <Chip color="primary" label={`My bid: ${dollars(myBid.bid_amount, PRICE)}`} />
        ) : (
          <Chip variant="outlined" label="No bid from you yet" />
        )
      }
    >
      <Facts>
        <Fact term="Date">{formatDate(request.s_date) || 'Not set'}</Fact>
        <Fact term="Window">{formatMoveTime(request) || 'Not set'}</Fact>
        <Fact term="Movers">{request.movers ?? 'Not set'}</Fact>
        <Fact term="Distance">{`${request.net_distance} mi`}</Fact>
        <Fact term="From your base">
          {request.distance_from_base === null ? 'Unknown' : `${request.distance_from_base} mi`}
        </Fact>
        <Fact term="Customer's price">
          {dollars(request.customer_budget, { ...PRICE, none: 'Not given' })}
        </Fact>
        <Fact term="Estimate">{dollars(request.recommend_amount, { ...PRICE, none: 'None' })}</Fact>
        <Fact term="Bids">{request.bid_count}</Fact>
        <Fact term="My bid">
          {myBid
            ? `${dollars(myBid.bid_amount, PRICE)}${myBid.movers ? `, ${myBid.movers} movers` : ''}`
            : 'None'}
        </Fact>
      </Facts>

      <Typography variant="subtitle2" component="h3">
        Addresses
      </Typography>
      <Box component="ol" sx={{ pl: 2.5, mt: 0.5, mb: 2 }}>
        {request.request_address.map((address) => (
          <Typography component="li" variant="body2" key={address.id}>
            <strong>{addressLabel(address.address_type)}:</strong> {address.complete_address}
            {address.apartment_number ? `, apt ${address.apartment_number}` : ''}
            {address.is_stairs ? ` · stairs (${address.number_of_flights} flights)` : ''}
            {address.is_elevator ? ' · elevator' : ''}
          </Typography>
        ))}
      </Box>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Inventory title="Inventory" items={request.request_item} />
        <Inventory title="Extra items" items={request.extra_request_items} />
      </Stack>

      {request.final_comment && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          <strong>Customer&apos;s note:</strong> {request.final_comment}
        </Typography>
      )}

      <Button variant={myBid ? 'outlined' : 'contained'} onClick={() => onBid(request)}>
        {myBid ? `Change or withdraw my bid on #${request.id}` : `Place a bid on #${request.id}`}
      </Button>
    </SummaryCard>
  );
}
