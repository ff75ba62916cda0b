import { describe, expect, it } from 'vitest';
import { defaultMovers, isMoversOption, MOVERS_OPTIONS } from './wizard-movers';

describe('movers options', () => {
  it('are 2, 3 and 4', () => {
    expect(MOVERS_OPTIONS).toEqual([2, 3, 4]);
  });

  it('accept only those numbers', () => {
    for (const ok of [2, 3, 4]) expect(isMoversOption(ok)).toBe(true);
    for (const bad of [0, 1, 5, 2.5, '2', null, undefined])
      expect(isMoversOption(bad), String(bad)).toBe(false);
  });
});

describe('default movers by move size', () => {
  it('is 2 for Studio and 1 bed room apt.', () => {
    expect(defaultMovers('Studio')).toBe(2);
    expect(defaultMovers('1 bed room apt.')).toBe(2);
  });

  it('is 3 for 2 bed room apt.', () => {
    expect(defaultMovers('2 bed room apt.')).toBe(3);
  });

  it('is 4 for every other move size and when none is chosen', () => {
    for (const other of ['3 bed room apt.', '4 bed room apt.', 'House', 'Office', '', '  '])
      expect(defaultMovers(other), other).toBe(4);
    expect(defaultMovers(null)).toBe(4);
    expect(defaultMovers(undefined)).toBe(4);
  });

  it('matches the names trimmed and case-insensitively', () => {
    expect(defaultMovers('  studio ')).toBe(2);
    expect(defaultMovers('STUDIO')).toBe(2);
    expect(defaultMovers('1 Bed Room Apt.')).toBe(2);
    expect(defaultMovers('2  bed room apt.')).toBe(3);
  });

  it('does not guess at other wordings', () => {
    expect(defaultMovers('1 bedroom apt.')).toBe(4);
    expect(defaultMovers('2 bed room apt')).toBe(4);
  });
});
