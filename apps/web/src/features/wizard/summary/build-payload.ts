import {
  addressTypeForIndex,
  COMMON_LIST_CATEGORY,
  defaultMovers,
  effectiveFlights,
  ItemType,
  itemsForSubmit,
  maskedPhoneToWire,
  REQUEST_COUNTRY,
  moveTimeText,
  type CalculateEstimatedPriceBody,
  type GenerateDirectRequestBody,
  type GenerateRequestBody,
  type MoversOption,
} from '@movehub/shared';
import { AddItemsOption, type WizardAddress, type WizardDraft, type WizardItem } from '../draft';

/*
 * The create-request payload of spec/request-lifecycle.md §7 built from the wizard's draft (§3),
 * pure, so that the logged-in submit, the visitor's saved request and direct-link mode send the
 * same thing, and so does the estimate (calculate_estimated_price reads the same addresses and
 * items). The shared zod schemas the server validates with are the check (build-payload.test.ts).
 */

type WireAddress = GenerateRequestBody['address_array'][number];
type WireItem = NonNullable<GenerateRequestBody['items_array']>[number];

/** The fields every mode sends (the direct payload drops request_type and customer_budget). */
type CommonPayload = Omit<GenerateRequestBody, 'request_type' | 'customer_budget'>;

/** The addresses a visitor actually chose: an empty card (never filled) is not part of the move. */
function chosenAddresses(draft: Pick<WizardDraft, 'addressList'>): WizardAddress[] {
  return draft.addressList.filter((address) => !address.isEmpty);
}

/** One address_array entry (spec §7): the wizard's names turned into the wire's. */
export function toWireAddress(address: WizardAddress, index: number): WireAddress {
  const street = `${address.street_number} ${address.route}`.trim();
  return {
    street_address: street || address.address,
    apartment_number: address.unitNumber,
    address_detail: address.addressDetails,
    is_storage: address.isStorage,
    complete_address: address.address,
    zip_code: address.zip_code.trim(),
    city: address.city,
    // The short code ('CA') where geocoding gave one.
    state: address.state_code || address.state,
    // spec §7: "Country is sent as USA" (the draft keeps what geocoding said, for display).
    country: REQUEST_COUNTRY,
    is_stairs: address.liftType === 'stairs',
    is_elevator: address.liftType === 'elevator',
    is_hardwood_floor: address.isHardwoodFloor,
    // spec §5 step 1: flights count only with stairs (an elevator address sends 0).
    number_of_flights: effectiveFlights(address),
    parking_and_building_info: address.parkingInfo,
    latitude: address.lat,
    longitude: address.lng,
    // spec §3: '1' pick-up (A), '2' drop-off (every other).
    address_type: String(addressTypeForIndex(index)),
  };
}

/**
 * The regular items of the chosen way of adding them (spec §2 steps 2-4): the rooms' items, or
 * the common list; what the summary shows is what is sent. Without a choice (Skip in direct-link
 * mode) whatever either holds.
 */
export function chosenItems(
  draft: Pick<WizardDraft, 'addItemsOptionType' | 'rooms' | 'commonList'>,
): { item: WizardItem; roomName: string | null }[] {
  const roomItems = draft.rooms.flatMap((room) =>
    room.itemList.map((item) => ({ item, roomName: room.room_name })),
  );
  const commonItems = draft.commonList.map((item) => ({ item, roomName: null }));
  const all =
    draft.addItemsOptionType === AddItemsOption.byRoom
      ? roomItems
      : draft.addItemsOptionType === AddItemsOption.byCommonList
        ? commonItems
        : [...roomItems, ...commonItems];
  // spec §5: "Add-to-move takes only items with quantity above 0".
  return all.filter(({ item }) => item.value > 0);
}

/** The extra items (packing and moving material) that are ticked with a quantity (spec §4). */
export function chosenExtraItems(draft: Pick<WizardDraft, 'extraItemsList'>): WizardItem[] {
  return itemsForSubmit(draft.extraItemsList.filter((item) => item.isSelected));
}

function toWireItem(item: WizardItem, type: ItemType, category: string): WireItem {
  return {
    _id: item.id,
    category_name: category,
    name: item.name,
    type,
    size: item.size,
    unit_price: item.unit_price,
    currency: item.currency,
    quantity: item.value,
    additional_info: item.comments,
    items_image_array: item.images.map((photo) => photo.image_url),
    added_by_type: item.added_by_type,
  };
}

/** items_array (spec §7): regular items ('1') with a quantity, then the ticked extra items ('2'). */
export function toWireItems(draft: WizardDraft): WireItem[] {
  return [
    // A room's items go under the room's name (a renamed room, 'Bedroom #2'), which is how the
    // request's item editor rebuilds the rooms.
    ...chosenItems(draft).map(({ item, roomName }) =>
      toWireItem(item, ItemType.regular, roomName || item.category_name || COMMON_LIST_CATEGORY),
    ),
    ...chosenExtraItems(draft).map((item) => toWireItem(item, ItemType.extra, item.category_name)),
  ];
}

/** The movers sent: the customer's choice, else the move size's default (spec §9). */
export function effectiveMovers(draft: Pick<WizardDraft, 'requestKeyValue' | 'moveType'>) {
  return (draft.requestKeyValue.movers ?? defaultMovers(draft.moveType?.name)) as MoversOption;
}

function commonPayload(draft: WizardDraft): CommonPayload {
  const addresses = chosenAddresses(draft);
  const first = addresses[0];
  const window = {
    from: draft.timeRange.start_window_from,
    to: draft.timeRange.start_window_to,
  };
  return {
    address_array: addresses.map(toWireAddress),
    starting_lat: first?.lat ?? null,
    starting_long: first?.lng ?? null,
    schedule_time: draft.timeRange.move_duration,
    move_type: draft.moveType?.id ?? 0,
    payment_status: '0',
    final_comment: draft.requestKeyValue.comments,
    s_date: draft.date,
    s_time: moveTimeText(window),
    start_window_from: window.from,
    start_window_to: window.to,
    movers: effectiveMovers(draft),
    items_array: toWireItems(draft),
  };
}

/** POST /api/customer/generate_request (normal mode): request_type '0' and the customer's price. */
export function buildRequestPayload(draft: WizardDraft): GenerateRequestBody {
  return {
    request_type: '0',
    ...commonPayload(draft),
    customer_budget: draft.requestKeyValue.customer_price.trim(),
  };
}

/**
 * The direct-link payload (spec §7): no request_type and no price; the contact fields of step 7,
 * the phone as +1 and ten digits under both of its names, and the company's link.
 */
export function buildDirectRequestPayload(
  draft: WizardDraft,
  directLink: string,
): GenerateDirectRequestBody {
  const contact = draft.requestKeyValue;
  const phone = maskedPhoneToWire(contact.customer_phone_number) ?? '';
  return {
    ...commonPayload(draft),
    customer_phone_number: phone,
    phone_number: phone,
    first_name: contact.customer_first_name.trim(),
    last_name: contact.customer_last_name.trim(),
    email: contact.customer_email.trim(),
    direct_access_link: directLink,
  };
}

/**
 * POST /api/customer/calculate_estimated_price (spec §7): the same items and addresses as the
 * request, the move size and the movers.
 */
export function buildEstimateBody(draft: WizardDraft): CalculateEstimatedPriceBody {
  return {
    items_id_array: toWireItems(draft).map((item) => ({
      _id: item._id,
      name: item.name,
      type: item.type as ItemType,
      unit_price: item.unit_price as number,
      size: item.size as string,
      quantity: item.quantity,
    })),
    address_array: chosenAddresses(draft).map(toWireAddress),
    move_type: draft.moveType?.id ?? 0,
    movers: effectiveMovers(draft),
  };
}
