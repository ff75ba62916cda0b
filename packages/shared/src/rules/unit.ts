/** A unit line that already says what it is: "Apt 4B", "Unit 12", "Suite 300", "#4", "Fl 2". */
const NAMED_UNIT =
  /^(?:apt|apartment|unit|suite|ste|#|no\.?|fl|floor|rm|room|bldg|building|lot|space|spc|dept|trlr|ph|penthouse)\b|^#/i;

/**
 * An address's apartment_number as printed after the street: "4B" reads "Apt 4B", and a unit the
 * customer named already ("Apt 4B", "Suite 300", "#12") is printed as typed, never "Apt Apt 4B".
 * '' when there is none.
 */
export function unitText(apartment: string | null | undefined): string {
  const unit = apartment?.trim() ?? '';
  if (unit === '') return '';
  return NAMED_UNIT.test(unit) ? unit : `Apt ${unit}`;
}
