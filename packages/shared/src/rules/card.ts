/** Card rules of spec/portal.md §5: 16 digits as #### #### #### ####, MM/YY, CVV up to 4 digits. */

export const CARD_NUMBER_MASK = '0000 0000 0000 0000';
export const CARD_EXPIRY_MASK = '00/00';

export type CardBrand = 'Visa' | 'MasterCard' | 'American Express' | 'Discover' | 'Other';

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** The Luhn checksum every real card number passes. */
export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand from the number's prefix (IIN ranges). */
export function cardBrand(number: string): CardBrand {
  const d = digitsOnly(number);
  if (/^4/.test(d)) return 'Visa';
  const two = Number(d.slice(0, 2));
  const four = Number(d.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MasterCard';
  if (two === 34 || two === 37) return 'American Express';
  if (/^6011|^65|^64[4-9]/.test(d)) return 'Discover';
  return 'Other';
}

/** 'MM/YY' → month and four-digit year, or null when malformed. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now = new Date()): boolean {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}
