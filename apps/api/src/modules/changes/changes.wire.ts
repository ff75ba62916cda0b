import {
  toDollars,
  toSpecDate,
  type ChangeAddress,
  type ChangeItem,
  type ChangeProposal,
  type CreateRequestItem,
  type RequestDetail,
} from '@movehub/shared';
import type { requestAddresses } from '../../db/schema';
import { toServerAddress } from '../../domain/request/read-model';
import type { ChangeRow } from '../../domain/request/changes';
import type {
  AddressProposal,
  ItemsProposal,
  ProposedAddress,
  RequestProposal,
} from '../../domain/request/proposals';

/* Proposals to the wire: the partner's answer, and the spec's *_change fields of the detail. */

export function toChangeProposal(row: ChangeRow): ChangeProposal {
  return {
    change_id: row.id,
    request_id: row.requestId,
    type: row.type,
    status: row.status,
    price: toDollars(row.priceCents),
    proposed_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/** What a customer's change awaiting its price asks, in propose_change's fields. */
export function toAskedChange(row: ChangeRow): Record<string, unknown> {
  if (row.type === 'address') {
    const p = row.proposal as AddressProposal;
    const strip = <T extends { price: number | null }>({ price: _price, ...rest }: T) => rest;
    return {
      new_address_array: p.add.map(strip),
      edit_address_array: p.edit.map(strip),
      delete_address_array: p.remove.map((e) => ({ address_id: e.address_id })),
    };
  }
  if (row.type === 'request') return {};
  return { items_array: (row.proposal as ItemsProposal).items };
}

type AddressRow = Omit<typeof requestAddresses.$inferSelect, 'requestId' | 'position'>;

function proposedAddress(a: ProposedAddress, id: number | null, type: number): ChangeAddress {
  return {
    id,
    address_type: a.address_type ?? type,
    complete_address: a.complete_address,
    street_address: a.street_address,
    zip_code: a.zip_code,
    apartment_number: a.apartment_number,
    address_detail: a.address_detail,
    city: a.city,
    state: a.state,
    country: a.country,
    is_storage: a.is_storage,
    is_stairs: a.is_stairs,
    is_elevator: a.is_elevator,
    is_hardwood_floor: a.is_hardwood_floor,
    number_of_flights: a.number_of_flights,
    parking_and_building_info: a.parking_and_building_info,
    latitude: a.latitude,
    longitude: a.longitude,
    price: a.price,
  };
}

function proposedItem(i: CreateRequestItem): ChangeItem {
  const images = i.items_image_array.map((image_url) => ({ image_url }));
  return {
    id: null,
    item_id: i._id,
    name: i.name,
    quantity: i.quantity,
    value: i.quantity,
    category_name: i.category_name,
    additional_info: i.additional_info,
    type: i.type,
    unit_price: i.unit_price,
    size: i.size,
    added_by_type: i.added_by_type,
    request_item_image_models: images,
    item_change_images: images,
  };
}

/** The detail fields a request's pending proposals fill (spec §3); the rest stay null / []. */
export interface ChangeFields {
  s_date_change: string | null;
  s_time_change: string | null;
  final_amount_change: number | null;
  item_price_change: number | null;
  extra_item_price_change: number | null;
  movers_change: number | null;
  new_address_array: ChangeAddress[];
  edit_address_array: ChangeAddress[];
  delete_address_array: ChangeAddress[];
  change_item: ChangeItem[];
  change_item_extra: ChangeItem[];
  change_proposals: NonNullable<RequestDetail['change_proposals']>;
}

export const NO_CHANGES: ChangeFields = {
  s_date_change: null,
  s_time_change: null,
  final_amount_change: null,
  item_price_change: null,
  extra_item_price_change: null,
  movers_change: null,
  new_address_array: [],
  edit_address_array: [],
  delete_address_array: [],
  change_item: [],
  change_item_extra: [],
  change_proposals: [],
};

/**
 * The pending proposals as the detail shows them. final_amount_change is the final amount the
 * request change would make (the current one plus its price); item_price_change and
 * extra_item_price_change are the item changes' prices; address entries carry their own.
 */
export function toChangeFields(
  pending: readonly ChangeRow[],
  request: { finalAmountCents: number | null; addresses: readonly AddressRow[] },
): ChangeFields {
  const out: ChangeFields = { ...NO_CHANGES, change_proposals: [] };
  for (const row of pending) {
    out.change_proposals.push({
      change_id: row.id,
      type: row.type,
      price: toDollars(row.priceCents),
      proposed_at: row.createdAt.toISOString(),
    });
    switch (row.type) {
      case 'request': {
        const p = row.proposal as RequestProposal;
        out.s_date_change = p.moveDate ? toSpecDate(p.moveDate) : null;
        out.s_time_change = p.moveTime;
        out.movers_change = p.movers;
        out.final_amount_change = toDollars((request.finalAmountCents ?? 0) + row.priceCents);
        break;
      }
      case 'address': {
        const p = row.proposal as AddressProposal;
        const byId = new Map(request.addresses.map((a) => [a.id, a]));
        out.new_address_array = p.add.map((a) => proposedAddress(a, null, 2));
        out.edit_address_array = p.edit.map((a) =>
          proposedAddress(a, a.address_id, byId.get(a.address_id)?.addressType ?? 2),
        );
        out.delete_address_array = p.remove.flatMap((e) => {
          const current = byId.get(e.address_id);
          return current ? [{ ...toServerAddress(current), price: e.price }] : [];
        });
        break;
      }
      case 'items':
        out.change_item = (row.proposal as ItemsProposal).items.map(proposedItem);
        out.item_price_change = toDollars(row.priceCents);
        break;
      case 'extra-items':
        out.change_item_extra = (row.proposal as ItemsProposal).items.map(proposedItem);
        out.extra_item_price_change = toDollars(row.priceCents);
        break;
    }
  }
  return out;
}
