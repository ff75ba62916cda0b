import type { CreateRequestItem, RequestAddressFields } from '@movehub/shared';

/*
 * The values of a change as stored (`request_changes.proposal`), by type: proposed by a company
 * (changes.ts), asked by a customer's edit of a paid direct request (edits.ts), applied to the
 * request's addresses and items when accepted (details.ts).
 */

export interface RequestProposal {
  /** 'YYYY-MM-DD' */
  moveDate: string | null;
  moveTime: string | null;
  windowFrom: string | null;
  windowTo: string | null;
  movers: number | null;
}
export type ProposedAddress = RequestAddressFields & { price: number | null };
export interface AddressProposal {
  add: ProposedAddress[];
  edit: (ProposedAddress & { address_id: number })[];
  remove: { address_id: number; price: number | null }[];
}
export interface ItemsProposal {
  items: CreateRequestItem[];
}
