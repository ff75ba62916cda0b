import { asc, desc, eq, ne } from 'drizzle-orm';
import {
  BidStatus,
  isDirectRequest,
  ItemType,
  toDollars,
  toSpecDate,
  type BiddingCompany,
  type JobForeman,
  type JobTruck,
  type PageRequest,
  type RequestDetail,
  type RequestListEntry,
  type ServerAddress,
  type ServerItem,
} from '@movehub/shared';
import {
  companyProfiles,
  type companyReviews,
  requestAddresses,
  requestBids,
  requestItemImages,
  requestItems,
  type requests,
  requestTimeline,
  type users,
} from '../../db/schema';
import { pageOf } from '../../lib/paging';
import { centsToDollars } from '../../lib/wire';
import { COMMENT_THREADS } from '../../modules/comments/comments.service';

/*
 * A request's one read model: the shapes in which a read fetches a request and its parts
 * (Drizzle's relational queries: one statement, each relation aggregated as JSON in a lateral
 * subquery), and the mapping of each part to the wire's fields. Every reader's view composes
 * these, prepares its statement where it is read often, and leaves out what its reader may not
 * see:
 * - the customer, their own request in full (requests.wire toRequestDetail, toRequestListEntry);
 * - a company pricing a request open for bids: the move, never the customer's name or contact,
 *   which follow acceptance (bids.wire toOpenRequest; its query reads neither);
 * - the company's job: the move, the money, the customer's name, the email and phone while the job
 *   is the company's to work (partner-jobs.wire toJobSummary, toJobDetail);
 * - the foreman: the move and the customer's name, the phone while the move is under way, no price
 *   of the move (foreman-jobs.wire toForemanJob, toForemanJobDetail).
 * Each view's response schema in packages/shared names the fields it sends; a part mapped here
 * may carry more of the request's facts (a list address's coordinates), which the serializer
 * leaves out, but never what its reader may not see.
 */

type RequestColumns = typeof requests.$inferSelect;

// --- the request's own fields --------------------------------------------------------------

/** The move itself, as every view of a request starts: which, where it stands, when, how many movers. */
export const MOVE_COLUMNS = {
  id: true,
  timelineStatus: true,
  requestStatus: true,
  moveDate: true,
  moveTime: true,
  windowFrom: true,
  windowTo: true,
  movers: true,
} as const;

/** The request's columns a list shows (My Requests, the public link, the letter's request). */
export const SUMMARY_COLUMNS = {
  ...MOVE_COLUMNS,
  additionalStatus: true,
  recommendAmountCents: true,
  customerBudgetCents: true,
  finalAmountCents: true,
  finalComment: true,
  discountPercent: true,
  requestType: true,
  publicAccessLink: true,
  // The chat objects' counterparts.
  companyId: true,
  foremanId: true,
} as const;

/** spec §3 Request, as lists show it. */
export function toRequestSummary(
  r: Pick<RequestColumns, keyof typeof SUMMARY_COLUMNS>,
): RequestListEntry['request'] {
  return {
    id: r.id,
    request_timeline_status: r.timelineStatus,
    request_status: r.requestStatus,
    s_date: toSpecDate(r.moveDate),
    s_time: r.moveTime,
    start_window_from: r.windowFrom,
    start_window_to: r.windowTo,
    recommend_amount: centsToDollars(r.recommendAmountCents),
    customer_budget: centsToDollars(r.customerBudgetCents),
    final_amount: centsToDollars(r.finalAmountCents),
    final_comment: r.finalComment,
    discount: r.discountPercent,
    request_type: r.requestType,
    public_access_link: r.publicAccessLink,
    movers: r.movers,
  };
}

/** The request's contact fields: a direct request's as entered (decision 007). */
export const CONTACT_COLUMNS = {
  requestType: true,
  contactFirstName: true,
  contactLastName: true,
  contactEmail: true,
  contactPhone: true,
} as const;
type ContactColumns = Pick<RequestColumns, keyof typeof CONTACT_COLUMNS>;

/** The customer's account, as the company's and the foreman's views read it. */
export const ACCOUNT = {
  columns: { firstName: true, lastName: true, email: true, phone: true, roomId: true },
} as const;
type AccountRow = Pick<typeof users.$inferSelect, 'firstName' | 'lastName' | 'email' | 'phone'>;

/**
 * One field of the request's contact: a direct request's as entered, else its account's (a
 * direct request nobody has claimed has none).
 */
export function contactField(
  request: Pick<RequestColumns, 'requestType'>,
  entered: string | null,
  own: string | null | undefined,
): string | null {
  return (isDirectRequest({ request_type: request.requestType }) ? (entered ?? own) : own) ?? null;
}

export interface Contact {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
}

/** Whom the request's move is for, every field; each view keeps the ones its reader may see. */
export function contactOf(r: ContactColumns, account: AccountRow | null | undefined): Contact {
  return {
    first_name: contactField(r, r.contactFirstName, account?.firstName),
    last_name: contactField(r, r.contactLastName, account?.lastName),
    email: contactField(r, r.contactEmail, account?.email),
    phone: contactField(r, r.contactPhone, account?.phone),
  };
}

/** The move's size (spec: move_type, the name of move_type_id). */
export const MOVE_TYPE = { columns: { name: true } } as const;

// --- addresses ----------------------------------------------------------------------------

type AddressRow = typeof requestAddresses.$inferSelect;

/** A request's addresses in full, in the move's order: every detail of a request shows them so. */
export const ADDRESSES = {
  columns: { requestId: false, position: false },
  orderBy: asc(requestAddresses.position),
} as const;

/** spec §3 Address (server), in full: where, how to get in (stairs, elevator…) and the point. */
export function toServerAddress(a: Omit<AddressRow, 'requestId' | 'position'>): ServerAddress {
  return {
    id: a.id,
    address_type: a.addressType,
    complete_address: a.completeAddress,
    street_address: a.streetAddress,
    zip_code: a.zipCode,
    apartment_number: a.apartmentNumber,
    address_detail: a.addressDetail,
    city: a.city,
    state: a.state,
    country: a.country,
    is_storage: a.isStorage,
    is_stairs: a.isStairs,
    is_elevator: a.isElevator,
    is_hardwood_floor: a.isHardwoodFloor,
    number_of_flights: a.numberOfFlights,
    parking_and_building_info: a.parkingAndBuildingInfo,
    latitude: a.latitude,
    longitude: a.longitude,
    is_approximate_location: a.isApproximateLocation,
  };
}

const LIST_ADDRESS_COLUMNS = {
  id: true,
  addressType: true,
  completeAddress: true,
  zipCode: true,
  apartmentNumber: true,
  isStorage: true,
  latitude: true,
  longitude: true,
} as const;

/** A request's addresses as a list of requests shows them: where, and the point on the map. */
export const LIST_ADDRESSES = {
  columns: LIST_ADDRESS_COLUMNS,
  orderBy: asc(requestAddresses.position),
} as const;

type ListAddress = Pick<
  ServerAddress,
  | 'id'
  | 'address_type'
  | 'complete_address'
  | 'zip_code'
  | 'apartment_number'
  | 'is_storage'
  | 'latitude'
  | 'longitude'
>;

/** An address of a list: the fields of toServerAddress that lists show. */
export function toListAddress(a: Pick<AddressRow, keyof typeof LIST_ADDRESS_COLUMNS>): ListAddress {
  return {
    id: a.id,
    address_type: a.addressType,
    complete_address: a.completeAddress,
    zip_code: a.zipCode,
    apartment_number: a.apartmentNumber,
    is_storage: a.isStorage,
    latitude: a.latitude,
    longitude: a.longitude,
  };
}

// --- items --------------------------------------------------------------------------------

/** A request's inventory and extra items, in the order sent, each with its photos. */
export const ITEMS = {
  columns: { requestId: false, position: false, currency: false },
  orderBy: asc(requestItems.position),
  with: { images: { columns: { imageUrl: true }, orderBy: asc(requestItemImages.id) } },
} as const;

type ItemRow = Omit<typeof requestItems.$inferSelect, 'requestId' | 'position' | 'currency'> & {
  images: readonly { imageUrl: string }[];
};

/** spec §3 Server request item, with its photos (request_item_image_models). */
export function toServerItem(i: ItemRow): ServerItem {
  return {
    id: i.id,
    item_id: i.catalogueItemId,
    name: i.name,
    quantity: i.quantity,
    value: i.quantity,
    category_name: i.categoryName,
    additional_info: i.additionalInfo,
    type: i.type,
    unit_price: toDollars(i.unitPriceCents),
    size: i.size,
    added_by_type: i.addedByType,
    request_item_image_models: i.images.map((img) => ({ image_url: img.imageUrl })),
  };
}

/** The inventory and the extra items apart (spec §3 Item.type), as every detail lists them. */
export function toServerItems(items: readonly ItemRow[]): {
  request_item: ServerItem[];
  extra_request_items: ServerItem[];
} {
  const regular: ServerItem[] = [];
  const extra: ServerItem[] = [];
  for (const i of items) (i.type === ItemType.extra ? extra : regular).push(toServerItem(i));
  return { request_item: regular, extra_request_items: extra };
}

// --- timeline, bids -----------------------------------------------------------------------

export const TIMELINE = {
  columns: { id: true, activityTitle: true, activityDatetime: true },
  orderBy: asc(requestTimeline.id),
} as const;

/** The timeline entries of a page when the caller names no limit, and of a detail's page. */
export const TIMELINE_PAGE_SIZE = 20;

/**
 * The timeline a detail embeds: its newest page and one more entry, which says whether an older
 * page exists (request_timeline reads those). Read it with timelinePage.
 */
export const TIMELINE_PAGE = {
  columns: TIMELINE.columns,
  orderBy: desc(requestTimeline.id),
  limit: TIMELINE_PAGE_SIZE + 1,
} as const;

type TimelineEntry = RequestDetail['request_timeline'][number];
type TimelineRow = Pick<
  typeof requestTimeline.$inferSelect,
  'id' | 'activityTitle' | 'activityDatetime'
>;

/** Entries read newest first (one more than the page) → the page oldest first, and its next. */
export function timelinePage(
  rows: readonly TimelineRow[],
  page: PageRequest = {},
): { entries: TimelineEntry[]; next_before_id: number | null } {
  const { rows: kept, next_before_id } = pageOf([...rows], page, TIMELINE_PAGE_SIZE, (t) => t.id);
  return { entries: kept.reverse().map(toTimelineEntry), next_before_id };
}

/** spec §3 Timeline entry. */
export function toTimelineEntry(
  t: Pick<typeof requestTimeline.$inferSelect, 'id' | 'activityTitle' | 'activityDatetime'>,
): TimelineEntry {
  return {
    id: t.id,
    activity_title: t.activityTitle,
    activity_datetime: t.activityDatetime.toISOString(),
  };
}

const BID_COLUMNS = { companyId: true, requestId: true, bidAmountCents: true } as const;

/** The bids the customer can still accept: the open ones, in the order placed. */
const OPEN_BIDS = {
  columns: BID_COLUMNS,
  where: eq(requestBids.status, BidStatus.open),
  orderBy: asc(requestBids.id),
} as const;

/** The bids My Requests shows: every one but those the customer deleted (the accepted one too). */
export const STANDING_BIDS = {
  columns: BID_COLUMNS,
  where: ne(requestBids.status, BidStatus.deleted),
  orderBy: asc(requestBids.id),
} as const;

/** spec §3 Request bid. */
export function toBidEntry(
  b: Pick<typeof requestBids.$inferSelect, keyof typeof BID_COLUMNS>,
): RequestListEntry['request_bid'][number] {
  return {
    company_id: b.companyId,
    request_id: b.requestId,
    bid_amount: toDollars(b.bidAmountCents),
  };
}

// --- company, crew, feedback --------------------------------------------------------------

const COMPANY_CARD_FIELDS = [
  'userId',
  'name',
  'address',
  'email',
  'phone',
  'rating',
  'truckCount',
  'about',
  'profilePicture',
] as const;
type CompanyCardField = (typeof COMPANY_CARD_FIELDS)[number];

/** The company's public card, as a relation of the request (its company). */
const COMPANY_CARD = {
  columns: Object.fromEntries(COMPANY_CARD_FIELDS.map((f) => [f, true])) as Record<
    CompanyCardField,
    true
  >,
};

/** The same card's columns for a select of company_profiles (a bid's company). */
export const companyCardColumns = Object.fromEntries(
  COMPANY_CARD_FIELDS.map((f) => [f, companyProfiles[f]]),
) as { [F in CompanyCardField]: (typeof companyProfiles)[F] };

type CompanyCard = Pick<
  BiddingCompany,
  | 'company_id'
  | 'name'
  | 'address'
  | 'company_email'
  | 'company_phone'
  | 'company_rating'
  | 'truck_count'
  | 'comapny_profile'
>;

/**
 * spec §3 Company: the company's profile as the customer sees it, its public contact only (its
 * account's sign-in email and phone stay private).
 */
export function toCompanyCard(
  c: Pick<typeof companyProfiles.$inferSelect, CompanyCardField>,
): CompanyCard {
  return {
    company_id: c.userId,
    name: c.name,
    address: c.address,
    company_email: c.email,
    company_phone: c.phone,
    company_rating: c.rating,
    truck_count: c.truckCount,
    comapny_profile: { about_company: c.about, name: c.name, profile_picture: c.profilePicture },
  };
}

/** The foreman assigned to the move, and its trucks. */
const FOREMAN = { columns: { id: true, firstName: true, lastName: true } } as const;
export const TRUCKS = {
  columns: {},
  with: { truck: { columns: { id: true, name: true } } },
} as const;

export function toForeman(
  f: Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName'>,
): JobForeman {
  return { id: f.id, first_name: f.firstName, last_name: f.lastName };
}

export function toTruck(t: { truck: JobTruck }): JobTruck {
  return { id: t.truck.id, name: t.truck.name };
}

/** The customer's feedback on the move (company_reviews, one per request). */
export const FEEDBACK = {
  columns: {
    companyRating: true,
    companyComment: true,
    customerRating: true,
    customerComment: true,
    tipCents: true,
    createdAt: true,
  },
} as const;

type Feedback = NonNullable<RequestDetail['get_feedback']>;

/** spec §3 Feedback, with both sides' ratings. */
export function toFeedback(
  requestId: number,
  review: Pick<typeof companyReviews.$inferSelect, keyof typeof FEEDBACK.columns>,
): Feedback {
  return {
    request_id: requestId,
    company_rating: review.companyRating,
    company_comment: review.companyComment,
    created_at: review.createdAt.toISOString(),
    rating: review.companyRating,
    comment: review.companyComment,
    tip: toDollars(review.tipCents),
    customer_rating: review.customerRating,
    customer_comment: review.customerComment,
  };
}

// --- a request in full --------------------------------------------------------------------

/**
 * A request with all it holds, as the customer's detail and the company's job detail read it
 * (each with its reader's ownership in the WHERE clause): every column but bookkeeping ones
 * nobody shows (timestamps are costly to parse) and every relation. ONE statement however many
 * addresses, items, photos, timeline rows, bids and comments the request has.
 */
export const REQUEST_DETAIL = {
  columns: {
    createdAt: false,
    updatedAt: false,
    acceptedAt: false,
    submissionHash: false,
    createdByUserId: false,
    // The letter's text is read by get_confirmation_letter; the details link its PDF only.
    letterHtml: false,
  },
  with: {
    moveType: MOVE_TYPE,
    addresses: ADDRESSES,
    items: ITEMS,
    timeline: TIMELINE_PAGE,
    bids: OPEN_BIDS,
    acceptedBid: { columns: { bidAmountCents: true, movers: true } },
    company: COMPANY_CARD,
    foreman: FOREMAN,
    trucks: TRUCKS,
    review: FEEDBACK,
    comments: COMMENT_THREADS,
  },
} as const;
