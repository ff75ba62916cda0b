import { describe, expect, it } from 'vitest';
import { MSG, TIMELINE_LABELS } from '@movehub/shared';
import { buildRequestEntry } from '../../test/fixtures';
import { effectiveTimelineStatus, requestStatusLabel } from './request-status';

describe('request status of a list entry', () => {
  it('reads the label of the timeline status', () => {
    expect(requestStatusLabel(buildRequestEntry({ request: { request_timeline_status: 4 } }))).toBe(
      TIMELINE_LABELS[4],
    );
  });

  it('treats 8 with response status 0 as 7', () => {
    const entry = buildRequestEntry({ request: { request_timeline_status: 8 }, status: 0 });
    expect(effectiveTimelineStatus(entry)).toBe(7);
    expect(requestStatusLabel(entry)).toBe(TIMELINE_LABELS[7]);
  });

  it('keeps 8 when the response status is not 0', () => {
    expect(
      requestStatusLabel(buildRequestEntry({ request: { request_timeline_status: 8 }, status: 1 })),
    ).toBe(TIMELINE_LABELS[8]);
  });

  it('shows Pending request confirmation only for direct requests at 3 with additional_status 0', () => {
    const direct = (additional_status: number) =>
      buildRequestEntry({
        request: { request_timeline_status: 3, request_type: 1 },
        additional_status,
      });
    expect(requestStatusLabel(direct(0))).toBe(MSG.pendingConfirmation);
    expect(requestStatusLabel(direct(1))).toBe(TIMELINE_LABELS[3]);
  });
});
