import { describe, expect, it } from 'vitest';
import { distanceText, hasStreetLine, isDistanceApproximate } from './geo';

describe('honest addresses (issue 31)', () => {
  it('takes a street line, with or without its house number, and not a zip or a city alone', () => {
    expect(hasStreetLine({ street_number: '1600', route: 'Vine St' })).toBe(true);
    expect(hasStreetLine({ route: 'Vine St' })).toBe(true);
    expect(hasStreetLine({ street_number: '', route: '  ' })).toBe(false);
    expect(hasStreetLine({ street_number: null, route: null })).toBe(false);
    expect(hasStreetLine({})).toBe(false);
  });

  it('calls a distance approximate when any of its addresses sits at its zip centre', () => {
    expect(isDistanceApproximate([{}, { is_approximate_location: false }])).toBe(false);
    expect(
      isDistanceApproximate([
        { is_approximate_location: false },
        { is_approximate_location: true },
      ]),
    ).toBe(true);
    expect(isDistanceApproximate([])).toBe(false);
  });

  it('says so in the distance', () => {
    expect(distanceText(12.3, false)).toBe('12.3 miles');
    expect(distanceText(12.3, true)).toBe('12.3 miles, between zip code centres');
    expect(distanceText(4, true, 'mi')).toBe('4 mi, between zip code centres');
  });
});
