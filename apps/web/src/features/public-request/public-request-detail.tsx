import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  awaitsLetterSignature,
  COMMON_LIST_CATEGORY,
  discountedCents,
  effectiveTimeline,
  formatUsd,
  hasFeedback,
  isDirectRequest,
  moversOf,
  showsEstimatedPrice,
  toCents,
  type CommentThread,
  type PublicRequest,
  type PublicRequestDetail,
  type ServerItem,
} from '@movehub/shared';
import { dollars } from '../../lib/format-money';
import { formatDate, formatDateTime, formatMoveTime } from '../../lib/format-date';
import { AddressCard } from '../../ui/address-card';
import { DetailLine } from '../../ui/detail-line';
import { ItemList } from '../../ui/item-list';
import { DetailColumns } from '../../ui/detail-columns';
import { LetterActions } from '../../ui/letter-actions';
import { Section } from '../../ui/section';

type Line = [label: string, value: string | number];

const money = (amount: number | null | undefined) => dollars(amount, { none: 'N/A' });

/**
 * spec/request-lifecycle.md §2 "Request detail content": the move's price lines. A direct
 * request: its letter's hourly or flat rates (and, once feedback is given, the final price and
 * discount); another: the estimate and the customer's price before payment, the final price after.
 */
function priceLines(request: PublicRequest['request'], detail: PublicRequestDetail): Line[] {
  const timeline = effectiveTimeline(request.request_timeline_status, detail.status);
  const rates = detail.request;
  const final: Line[] = [['Final Price', money(request.final_amount)]];
  const discount = request.discount ?? 0;
  if (discount > 0) {
    const discounted = discountedCents(toCents(request.final_amount ?? 0), discount);
    final.push(['Discount %', `${discount}%`], ['Discounted Price', formatUsd(discounted)]);
  }
  if (isDirectRequest(request)) {
    const byMethod: Record<string, Line[]> = {
      Hourly: [
        ['Cash Hour Rate', money(rates.cash_payment_rate)],
        ['Card Hour Rate', money(rates.card_payment_rate)],
        ['Minimum Hours', rates.minimum_hours ?? 'N/A'],
      ],
      Flat: [
        [
          'Cash Flat Rate',
          `${money(rates.cash_min_flat_rate)} - ${money(rates.cash_max_flat_rate)}`,
        ],
        [
          'Card Flat Rate',
          `${money(rates.card_min_flat_rate)} - ${money(rates.card_max_flat_rate)}`,
        ],
      ],
    };
    return [...(byMethod[rates.rate_method ?? ''] ?? []), ...(hasFeedback(timeline) ? final : [])];
  }
  return showsEstimatedPrice(timeline)
    ? [
        ['Estimated Price', money(request.recommend_amount)],
        ['Your Price', money(request.customer_budget)],
      ]
    : final;
}

/** The lines of a details block, each 'Label: value'. */
function Lines({ lines }: { lines: Line[] }) {
  return (
    <Stack spacing={0.25}>
      {lines.map(([label, value]) => (
        <DetailLine key={label} label={label}>
          {value}
        </DetailLine>
      ))}
    </Stack>
  );
}

/** spec §2: items grouped by category with their counts, the 'Common List' in a block of its own. */
function itemGroups(items: ServerItem[]): [string, ServerItem[]][] {
  const groups = new Map<string, ServerItem[]>();
  const sorted = [
    ...items.filter((item) => item.category_name !== COMMON_LIST_CATEGORY),
    ...items.filter((item) => item.category_name === COMMON_LIST_CATEGORY),
  ];
  for (const item of sorted) {
    const name = item.category_name || 'Other';
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  return [...groups];
}

function Items({ items }: { items: ServerItem[] }) {
  const groups = itemGroups(items);
  if (groups.length === 0) return <Typography color="text.secondary">No items added</Typography>;
  return (
    <Stack spacing={1.5}>
      {groups.map(([category, grouped]) => (
        <Box key={category}>
          <Typography component="h3" sx={{ fontWeight: 600 }}>
            {`${category} (${grouped.reduce((sum, item) => sum + item.quantity, 0)})`}
          </Typography>
          <ItemList
            label={category}
            empty=""
            items={grouped.map((item) => ({
              key: item.id,
              name: item.name,
              line: `${item.name} × ${item.quantity}`,
              details: item.additional_info,
              photos: item.request_item_image_models.map((photo) => photo.image_url),
            }))}
          />
        </Box>
      ))}
    </Stack>
  );
}

/** spec §2: name, quantity and price (unit_price × quantity); a row not above 0 is not shown. */
function ExtraItems({ items }: { items: ServerItem[] }) {
  return (
    <ItemList
      label="Extra items"
      empty="No extra items added"
      items={items
        .filter((item) => item.quantity > 0)
        .map((item) => ({
          key: item.id,
          name: item.name,
          line: `${item.name} × ${item.quantity}: ${formatUsd(toCents(item.unit_price) * item.quantity)}`,
        }))}
    />
  );
}

/** spec §3 Comment: sender_type 0 is the company. */
const COMPANY_SENDER = 0;

/** One comment as read: who, when, what. */
function Comment(props: {
  profile: CommentThread['parent_comment_profile'];
  comment: { comment: string; updated_at: string; sender_type: number };
}) {
  const { profile, comment } = props;
  const who = comment.sender_type === COMPANY_SENDER ? 'Company' : 'Customer';
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {`${profile.name} (${who}), ${formatDateTime(comment.updated_at)}`}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.comment}
      </Typography>
    </>
  );
}

/** spec §2 comments thread, as read through the link: the comments and their replies. */
function Comments({ threads }: { threads: CommentThread[] }) {
  if (threads.length === 0) return <Typography color="text.secondary">No comments yet</Typography>;
  return (
    <Box component="ul" aria-label="Comments" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {threads.map((thread) => (
        <Box
          component="li"
          key={thread.parent_comment.id}
          sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <Comment profile={thread.parent_comment_profile} comment={thread.parent_comment} />
          {thread.child_comments.length > 0 && (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, pl: { xs: 2, sm: 4 } }}>
              {thread.child_comments.map((child) => (
                <li key={child.child_comment.id}>
                  <Comment profile={child.child_comment_profile} comment={child.child_comment} />
                </li>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

/**
 * A request in nobody's account, in full for its link's holder (spec/request-lifecycle.md §2
 * "Request detail content"): the move and its rates, the company once it took the move, the
 * confirmation letter and its button, the timeline; the addresses, items, extra items, client
 * comment and comments. Read only: acting on it needs the account the emailed confirmation makes.
 */
export function PublicRequestDetailView({
  view,
  detail,
  link,
}: {
  view: PublicRequest;
  detail: PublicRequestDetail;
  link: string;
}) {
  const { request } = view;
  const timeline = effectiveTimeline(request.request_timeline_status, detail.status);
  const company = detail.company;
  const crew = detail.get_foreman_of_company;
  const move: Line[] = [
    ['Move Type', detail.request.move_type || 'N/A'],
    ['Move Date', formatDate(request.s_date) || 'N/A'],
    ['Move Time', formatMoveTime(request) || 'N/A'],
    ['Movers', moversOf({ request }) ?? 'N/A'],
    ['Distance', `${detail.request.net_distance} miles`],
    ...priceLines(request, detail),
  ];
  const letterAwaits =
    isDirectRequest(request) && awaitsLetterSignature(timeline, detail.additional_status);

  return (
    <DetailColumns
      left={
        <>
          <Section title="Move">
            <Lines lines={move} />
            <LetterActions
              awaitsSignature={letterAwaits}
              signPath={`/sign-confirmation-letter/${encodeURIComponent(link)}`}
              signedPdf={detail.confirmation_letter_pdf}
            />
          </Section>
          {company && (
            <Section title="Company Info">
              <Lines
                lines={[
                  ['Company Name', company.name],
                  ['Phone', company.company_phone || 'N/A'],
                  ['Email', company.company_email || 'N/A'],
                  ['Address', company.address || 'N/A'],
                  ...(crew
                    ? ([
                        ['Foreman', `${crew.first_name} ${crew.last_name}`],
                        ['Truck Name', detail.truck_array.map((t) => t.name).join(', ') || 'N/A'],
                      ] satisfies Line[])
                    : []),
                ]}
              />
            </Section>
          )}
          <Section title="Timeline">
            {detail.request_timeline.length === 0 ? (
              <Typography color="text.secondary">No activity yet</Typography>
            ) : (
              <Box component="ol" aria-label="Timeline" sx={{ m: 0, pl: 2.5 }}>
                {detail.request_timeline.map((entry) => (
                  <li key={entry.id}>
                    <Typography sx={{ fontWeight: 600 }}>{entry.activity_title}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatDateTime(entry.activity_datetime)}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Section>
        </>
      }
      right={
        <>
          <Section title="Addresses">
            <Stack spacing={1.5}>
              {detail.request_address.map((address, index) => (
                <AddressCard
                  key={address.id}
                  address={address}
                  letter={'ABCDEF'[index] ?? String(index + 1)}
                  headingLevel="h3"
                />
              ))}
            </Stack>
          </Section>
          <Section title="Items">
            <Items items={detail.request_item} />
          </Section>
          <Section title="Extra Items">
            <ExtraItems items={detail.extra_request_items} />
          </Section>
          <Section title="Client comment">
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {request.final_comment || 'N/A'}
            </Typography>
          </Section>
          <Section title="Comments">
            <Comments threads={detail.comments_array} />
          </Section>
        </>
      }
    />
  );
}
