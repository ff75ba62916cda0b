import { describe, expect, it } from 'vitest';
import { isValidName } from './names';

describe('names', () => {
  it.each(['Maria', 'Gonzalez-Ruiz', "O'Brien", 'D’Angelo', 'Mary Ann', 'van der Berg', ' Ana '])(
    'accepts %s',
    (name) => {
      expect(isValidName(name)).toBe(true);
    },
  );

  it.each([
    '',
    '   ',
    '123',
    'Ana1',
    '-Ana',
    'Ana-',
    "'",
    "O''Brien",
    'Ana--Ruiz',
    'José',
    'Ana_B',
  ])('refuses %j', (name) => {
    expect(isValidName(name)).toBe(false);
  });
});
