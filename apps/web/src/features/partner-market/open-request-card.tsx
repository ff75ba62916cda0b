import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OpenRequest } from '@movehub/shared';
import { formatDate, formatMoveTime } from '../../lib/format-date';
import { dollars } from '../../lib/format-money';
import { PartnerComments } from '../../lib/partner-comments';
import { ItemList, type ListedItem } from '../../ui/item-list';
import { RequestAddresses } from '../../ui/request-addresses';
import { Fact, Facts, SummaryCard } from '../../ui/summary-card';
import { marketKeys } from './market-api';

/** The marketplace's prices: whole dollars as a rule. */
const PRICE = { trimZeroCents: true };

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
 * One open request as a company prices it: where (each address in full, as the job and the
 * foreman's phone show it), when, what, the customer's price and the estimate, the bids so far
 * and the company's own, and the questions asked about it with their answers. The API leaves out
 * the customer's name, email and phone until a bid is accepted, in the thread too; nothing here
 * asks for them.
 */
export function OpenRequestCard({ request, onBid }: OpenRequestCardProps) {
  const myBid = request.my_bid;
  const queryClient = useQueryClient();
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
      <Box sx={{ mt: 1, mb: 2 }}>
        <RequestAddresses addresses={request.request_address} headingLevel="h4" />
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

      <Button
        variant={myBid ? 'outlined' : 'contained'}
        onClick={() => onBid(request)}
        sx={{ mb: 2 }}
      >
        {myBid ? `Change or withdraw my bid on #${request.id}` : `Place a bid on #${request.id}`}
      </Button>

      <Box component="section" aria-labelledby={`open-request-${request.id}-questions`}>
        <Typography
          id={`open-request-${request.id}-questions`}
          variant="subtitle2"
          component="h3"
          sx={{ mb: 1 }}
        >
          Questions and answers
        </Typography>
        <PartnerComments
          requestId={request.id}
          threads={request.comments_array}
          nextBeforeId={request.comments_next_before_id}
          pagesKey={marketKeys.olderComments(request.id, request.comments_next_before_id)}
          open
          commentLabel={`Your comment on #${request.id}`}
          composeLabel={`Comment on request ${request.id}`}
          onSent={() => queryClient.invalidateQueries({ queryKey: marketKeys.openRequests })}
        />
      </Box>
    </SummaryCard>
  );
}
