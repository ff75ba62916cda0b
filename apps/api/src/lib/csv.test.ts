import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvRow } from './csv';

describe('csvCell', () => {
  it('writes plain text and numbers as they are', () => {
    expect(csvCell('Robin Hart')).toBe('Robin Hart');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(463.7)).toBe('463.7');
    expect(csvCell(-12.5)).toBe('-12.5');
  });

  it('leaves nothing, null and non-finite numbers empty', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvCell('Hart, Robin')).toBe('"Hart, Robin"');
    expect(csvCell('The "big" move')).toBe('"The ""big"" move"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd', '=HYPERLINK("http://x","y")'])(
    'guards %j against formula injection with a leading apostrophe',
    (text) => {
      const cell = csvCell(text);
      // Quoted (the apostrophe asks for it) and starting with the guard inside the quotes.
      expect(cell.startsWith(`"'`)).toBe(true);
      expect(cell.slice(2, -1).replaceAll('""', '"')).toBe(text);
    },
  );

  it('does not guard a formula character that is not first', () => {
    expect(csvCell('Anne-Marie')).toBe('Anne-Marie');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes an apostrophe that was typed, so it reads back as typed', () => {
    expect(csvCell("O'Neil")).toBe(`"O'Neil"`);
  });
});

describe('csvRow and csvDocument', () => {
  it('joins cells with commas and ends each record with CRLF', () => {
    expect(csvRow([1, 'a,b', null, -2])).toBe('1,"a,b",,-2\r\n');
  });

  it('writes the header row first, then one row per record', () => {
    expect(
      csvDocument(
        ['Request', 'Customer'],
        [
          [1, '=evil()'],
          [2, 'Jo'],
        ],
      ),
    ).toBe(`Request,Customer\r\n1,"'=evil()"\r\n2,Jo\r\n`);
  });

  it('is only the header when there are no records', () => {
    expect(csvDocument(['A', 'B'], [])).toBe('A,B\r\n');
  });
});
