import { describe, expect, it } from 'vitest';
import { TimelineStatus as T } from '../enums';
import {
  cancellationRefund,
  FULL_REFUND_NOTICE_HOURS,
  moveWindowStart,
  zonedInstant,
} from './cancellation';
import { hasMoveStarted } from './lifecycle';

const HOUR = 3_600_000;
const start = new Date('2026-12-15T16:00:00Z');
const before = (ms: number) => new Date(start.getTime() - ms);
const refund = (timeline: number, now: Date, heldCents = 50_000) =>
  cancellationRefund({ timeline, heldCents, windowStart: start, now });

describe('the Cancellation policy', () => {
  it('refunds the whole escrow exactly 72 hours before the window starts, and earlier', () => {
    expect(refund(T.paid, before(FULL_REFUND_NOTICE_HOURS * HOUR))).toEqual({
      tier: 'full',
      refundCents: 50_000,
      keptCents: 0,
    });
    expect(refund(T.truckAssigned, before(30 * 24 * HOUR)).tier).toBe('full');
  });

  it('refunds half one millisecond inside 72 hours, the company keeps the other half', () => {
    expect(refund(T.paid, before(72 * HOUR - 1))).toEqual({
      tier: 'late',
      refundCents: 25_000,
      keptCents: 25_000,
    });
    expect(refund(T.truckAssigned, before(HOUR)).tier).toBe('late');
  });

  it('gives an odd cent of the half to the customer, and every cent to someone', () => {
    expect(refund(T.paid, before(HOUR), 50_001)).toEqual({
      tier: 'late',
      refundCents: 25_001,
      keptCents: 25_000,
    });
  });

  it('still refunds half after the window began when the crew has not started the move', () => {
    expect(refund(T.truckAssigned, new Date(start.getTime() + 2 * HOUR)).tier).toBe('late');
  });

  it('refunds nothing once the move has started (statuses 5 and 6), even days ahead', () => {
    for (const timeline of [T.inProgress, T.completedByCompany]) {
      expect(refund(timeline, before(100 * HOUR))).toEqual({
        tier: 'started',
        refundCents: 0,
        keptCents: 50_000,
      });
    }
  });

  it('has nothing to refund or keep before payment or with an empty escrow', () => {
    for (const timeline of [T.awaitingResponse, T.pendingAcceptance, T.awaitingPayment]) {
      expect(refund(timeline, before(HOUR))).toEqual({
        tier: 'unpaid',
        refundCents: 0,
        keptCents: 0,
      });
    }
    expect(refund(T.paid, before(HOUR), 0).tier).toBe('unpaid');
  });

  it('calls 5 and 6 started, and nothing else', () => {
    const started = Object.values(T).filter(hasMoveStarted);
    expect(started).toEqual([T.inProgress, T.completedByCompany]);
  });
});

describe('the move window start in the service area’s time zone', () => {
  it('reads start_window_from on the move date in Los Angeles, winter and summer', () => {
    const zone = 'America/Los_Angeles';
    expect(
      moveWindowStart({
        moveDate: '2026-12-15',
        windowFrom: '08:00',
        moveTime: null,
        timeZone: zone,
      }),
    ).toEqual(new Date('2026-12-15T16:00:00Z'));
    expect(
      moveWindowStart({
        moveDate: '2026-07-01',
        windowFrom: '08:30',
        moveTime: null,
        timeZone: zone,
      }),
    ).toEqual(new Date('2026-07-01T15:30:00Z'));
  });

  it('falls back to the time slot’s start, then to midnight', () => {
    const zone = 'UTC';
    expect(
      moveWindowStart({
        moveDate: '2026-12-15',
        windowFrom: null,
        moveTime: '12PM - 5PM Evening',
        timeZone: zone,
      }),
    ).toEqual(new Date('2026-12-15T12:00:00Z'));
    expect(
      moveWindowStart({
        moveDate: '2026-12-15',
        windowFrom: null,
        moveTime: '09:30 - 10:30',
        timeZone: zone,
      }),
    ).toEqual(new Date('2026-12-15T09:30:00Z'));
    expect(
      moveWindowStart({ moveDate: '2026-12-15', windowFrom: null, moveTime: null, timeZone: zone }),
    ).toEqual(new Date('2026-12-15T00:00:00Z'));
  });

  it('keeps the wall clock across a DST change (New York, 2026-03-08)', () => {
    expect(zonedInstant('2026-03-07', 9 * 60, 'America/New_York')).toEqual(
      new Date('2026-03-07T14:00:00Z'),
    );
    expect(zonedInstant('2026-03-08', 9 * 60, 'America/New_York')).toEqual(
      new Date('2026-03-08T13:00:00Z'),
    );
  });
});
