import {
  awaitsLetterSignature,
  effectiveTimeline,
  isAwaitingAssignment,
  isDirectRequest,
  isTimelineStatus,
  LetterStatus,
  MSG,
  TIMELINE_LABELS,
  type PublicRequest,
} from '@movehub/shared';

/** spec/request-lifecycle.md §4 status 3: "Paid and waiting for move (alternative label: …)". */
export const MOVE_REQUEST_ACCEPTED = 'Move Request Accepted';

/**
 * The status a public link's reader sees (spec §2 "Request card" status text, §4): a direct
 * request at 3 whose letter waits for its signature reads 'Pending request confirmation'
 * (nothing was paid: direct requests are not paid into escrow, decision 016), and 8 with the
 * response status 0 reads as 7. A request in an account answers no kind (decision 037): at 3 it
 * reads the spec's other label, true of a paid marketplace move and of a direct one alike.
 */
export function publicStatusLabel(view: PublicRequest): string {
  const { request, detail } = view;
  const timeline = effectiveTimeline(request.request_timeline_status, detail?.status);
  const label = isTimelineStatus(timeline) ? TIMELINE_LABELS[timeline] : '';
  if (request.request_type === undefined) {
    return isAwaitingAssignment(timeline) ? MOVE_REQUEST_ACCEPTED : label;
  }
  const letter = detail?.additional_status ?? LetterStatus.unsigned;
  if (isDirectRequest(request) && awaitsLetterSignature(timeline, letter)) {
    return MSG.pendingConfirmation;
  }
  return label;
}
