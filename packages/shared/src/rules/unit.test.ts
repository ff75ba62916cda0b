import { describe, expect, it } from 'vitest';
import { unitText } from './unit';

describe('unitText', () => {
  it.each([
    ['4B', 'Apt 4B'],
    [' 12 ', 'Apt 12'],
    ['Apt 4B', 'Apt 4B'],
    ['apt. 4B', 'apt. 4B'],
    ['Apartment 7', 'Apartment 7'],
    ['Unit 12', 'Unit 12'],
    ['Suite 300', 'Suite 300'],
    ['#12', '#12'],
    ['Fl 2', 'Fl 2'],
    ['Aptos 3', 'Apt Aptos 3'],
  ])('%j → %j', (typed, printed) => {
    expect(unitText(typed)).toBe(printed);
  });

  it('is empty without a unit', () => {
    expect(unitText(null)).toBe('');
    expect(unitText(undefined)).toBe('');
    expect(unitText('  ')).toBe('');
  });
});
