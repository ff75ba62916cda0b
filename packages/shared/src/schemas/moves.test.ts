import { describe, expect, it } from 'vitest';
import { addFeedbackBodySchema, assignMoveBodySchema, isValidRating } from './moves';

describe('feedback rating', () => {
  it('takes half stars from 0.5 to 5 (spec §9: input precision .5)', () => {
    for (const ok of [0.5, 1, 2.5, 4.5, 5]) expect(isValidRating(ok)).toBe(true);
    for (const bad of [0, 0.25, 4.7, 5.5, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isValidRating(bad)).toBe(false);
    }
  });
});

describe('add_feedback body', () => {
  const body = { request_id: 3, rating: 4.5, comment: ' Good ', tip: 20 };

  it('reads numbers sent as strings, trims the comment and defaults a missing tip to 0', () => {
    expect(addFeedbackBodySchema.parse({ ...body, rating: '4.5', tip: '20' })).toEqual({
      request_id: 3,
      rating: 4.5,
      comment: 'Good',
      tip: 20,
    });
    expect(addFeedbackBodySchema.parse({ request_id: 3, rating: 5 })).toEqual({
      request_id: 3,
      rating: 5,
      comment: '',
      tip: 0,
    });
  });

  it('refuses a tip that is negative or not whole dollars (spec §5, §9)', () => {
    for (const tip of [-1, 12.5, '12.50', '-3', '1e2', 'ten']) {
      expect(addFeedbackBodySchema.safeParse({ ...body, tip }).success).toBe(false);
    }
  });
});

describe('assign_move body', () => {
  it('needs at least one truck and no truck twice', () => {
    const base = { request_id: 1, foreman_id: 2 };
    expect(assignMoveBodySchema.safeParse({ ...base, truck_ids: [3, 4] }).success).toBe(true);
    expect(assignMoveBodySchema.safeParse({ ...base, truck_ids: [] }).success).toBe(false);
    expect(assignMoveBodySchema.safeParse({ ...base, truck_ids: [3, 3] }).success).toBe(false);
  });
});
