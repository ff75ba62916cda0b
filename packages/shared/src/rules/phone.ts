import { PHONE_PREFIX } from '../constants';

/** spec/portal.md §5: phones are typed as (###) ###-#### and sent with a +1 prefix. */
export const PHONE_MASK = '(000) 000-0000';
export const WIRE_PHONE_PATTERN = /^\+1\d{10}$/;

/** '(310) 555-0142' → '+13105550142'; null when the mask is incomplete. */
export function maskedPhoneToWire(masked: string): string | null {
  const digits = masked.replace(/\D/g, '');
  return digits.length === 10 ? `${PHONE_PREFIX}${digits}` : null;
}

/** '+13105550142' → '(310) 555-0142'; anything else is returned unchanged. */
export function wirePhoneToMasked(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  if (digits.length !== 10) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
