import {
  awaitsLetterSignature,
  effectiveTimeline,
  isDirectRequest,
  MSG,
  TIMELINE_LABELS,
  type RequestListEntry,
  type TimelineStatus,
} from '@movehub/shared';

/**
 * The timeline status a screen should act on: spec/request-lifecycle.md §4 treats 8 with a
 * response status of 0 as 7 (the shared lifecycle rule).
 */
export function effectiveTimelineStatus(
  entry: Pick<RequestListEntry, 'request' | 'status'>,
): number {
  return effectiveTimeline(entry.request.request_timeline_status, entry.status);
}

/** The status text of a request card (spec/request-lifecycle.md §2 "Request card"). */
export function requestStatusLabel(
  entry: Pick<RequestListEntry, 'request' | 'status' | 'additional_status'>,
): string {
  const timeline = effectiveTimelineStatus(entry);
  // A direct request at status 3 waits for its confirmation letter until additional_status moves.
  if (isDirectRequest(entry.request) && awaitsLetterSignature(timeline, entry.additional_status)) {
    return MSG.pendingConfirmation;
  }
  return timeline in TIMELINE_LABELS ? TIMELINE_LABELS[timeline as TimelineStatus] : '';
}
