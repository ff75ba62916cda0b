import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(advancedFormat);
dayjs.extend(customParseFormat);

/** spec/request-lifecycle.md §9: the display formats. */
export const DISPLAY_DATE_FORMAT = 'MMM Do YY';
export const WIRE_DATE_FORMAT = 'MM-DD-YYYY';

const WIRE_DATE = /^\d{2}-\d{2}-\d{4}$/;
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;

/**
 * 'MMM Do YY' (e.g. "Mar 5th 26"). Requests carry s_date as MM-DD-YYYY (the create payload's
 * format); anything else is read as ISO. An unreadable value is shown as it came.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = WIRE_DATE.test(value) ? dayjs(value, WIRE_DATE_FORMAT, true) : dayjs(value);
  return parsed.isValid() ? parsed.format(DISPLAY_DATE_FORMAT) : value;
}

/** '13:30' → '1:30 PM' (12-hour display of a time-window bound); other text is kept as is. */
export function formatTimeOfDay(value: string | null | undefined): string {
  if (!value) return '';
  const match = TIME_OF_DAY.exec(value.trim());
  if (!match) return value;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return value;
  return dayjs().hour(hours).minute(minutes).format('h:mm A');
}
