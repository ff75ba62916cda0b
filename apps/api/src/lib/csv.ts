/*
 * CSV text (RFC 4180), pure: no clock, no database. Every file the API exports goes through
 * these two functions, so each cell is quoted and guarded the same way.
 */

/** A cell's value: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

/** RFC 4180 §2: records end with CRLF. */
const CRLF = '\r\n';

/**
 * The first characters that make a spreadsheet read a cell as a formula (or, for a tab and a
 * carriage return, strip them and then read one): OWASP "CSV injection". Such a cell gets a
 * leading apostrophe, which spreadsheets show as text and do not evaluate.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. Numbers are written as they are (a negative amount stays a number); text that could
 * start a formula is prefixed with an apostrophe; then any cell holding a quote, a comma, a line
 * break or the apostrophe's guard is quoted, its quotes doubled (RFC 4180 §2 rules 5-7).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return String(value);
  }
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One record: its cells joined by commas, ended by CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + CRLF;
}

/** A whole file: the header row, then one row per record. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]) {
  return csvRow(header) + rows.map(csvRow).join('');
}
