import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsd, toCents, type OpenRequest } from '@movehub/shared';
import { formatDate, formatMoveTime } from '../../lib/format-date';

const dollars = (amount: number) => formatUsd(toCents(amount), { trimZeroCents: true });

/** spec "type (1 = PICK UP, otherwise DROP OFF)". */
const addressLabel = (type: number) => (type === 1 ? 'Pick up' : 'Drop off');

type Item = OpenRequest['request_item'][number];

/** An inventory line with its photos; the photos are the customer's own, named by the item. */
function ItemLine({ item }: { item: Item }) {
  return (
    <Box component="li" sx={{ mb: 1 }}>
      <Typography variant="body2">
        {item.name} × {item.quantity}
        {item.additional_info ? ` (${item.additional_info})` : ''}
      </Typography>
      {item.image_urls.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
          {item.image_urls.map((url, index) => (
            <Box
              key={url}
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Open photo ${index + 1} of ${item.name}`}
            >
              <Box
                component="img"
                src={url}
                alt={`${item.name}, photo ${index + 1}`}
                loading="lazy"
                sx={{
                  width: 64,
                  height: 64,
                  objectFit: 'cover',
                  borderRadius: 1,
                  display: 'block',
                }}
              />
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function ItemList({ title, items }: { title: string; items: Item[] }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None
        </Typography>
      ) : (
        <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
          {items.map((item, index) => (
            <ItemLine key={`${item.name}-${index}`} item={item} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** A term and its value in the card's facts. */
function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
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
  const headingId = `open-request-${request.id}`;
  const myBid = request.my_bid;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          Request #{request.id}
          {request.move_type ? ` · ${request.move_type}` : ''}
        </Typography>
        {myBid ? (
          <Chip color="primary" label={`My bid: ${dollars(myBid.bid_amount)}`} />
        ) : (
          <Chip variant="outlined" label="No bid from you yet" />
        )}
      </Stack>

      <Box
        component="dl"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1.5, m: 0, mb: 2 }}
      >
        <Fact term="Date">{formatDate(request.s_date) || 'Not set'}</Fact>
        <Fact term="Window">{formatMoveTime(request) || 'Not set'}</Fact>
        <Fact term="Movers">{request.movers ?? 'Not set'}</Fact>
        <Fact term="Distance">{`${request.net_distance} mi`}</Fact>
        <Fact term="From your base">
          {request.distance_from_base === null ? 'Unknown' : `${request.distance_from_base} mi`}
        </Fact>
        <Fact term="Customer's price">
          {request.customer_budget === null ? 'Not given' : dollars(request.customer_budget)}
        </Fact>
        <Fact term="Estimate">
          {request.recommend_amount === null ? 'None' : dollars(request.recommend_amount)}
        </Fact>
        <Fact term="Bids">{request.bid_count}</Fact>
        <Fact term="My bid">
          {myBid
            ? `${dollars(myBid.bid_amount)}${myBid.movers ? `, ${myBid.movers} movers` : ''}`
            : 'None'}
        </Fact>
      </Box>

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
        <Box sx={{ flex: 1 }}>
          <ItemList title="Inventory" items={request.request_item} />
        </Box>
        <Box sx={{ flex: 1 }}>
          <ItemList title="Extra items" items={request.extra_request_items} />
        </Box>
      </Stack>

      {request.final_comment && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          <strong>Customer&apos;s note:</strong> {request.final_comment}
        </Typography>
      )}

      <Button variant={myBid ? 'outlined' : 'contained'} onClick={() => onBid(request)}>
        {myBid ? `Change or withdraw my bid on #${request.id}` : `Place a bid on #${request.id}`}
      </Button>
    </Paper>
  );
}
