import { TimelineStatus } from '../enums';

/**
 * Whether a request has a calendar invite to download: from payment until the
 * crew has finished (3 to 6). A cancelled move's invite is the cancelling one, emailed only.
 */
export function hasCalendarInvite(timeline: number): boolean {
  return timeline >= TimelineStatus.paid && timeline <= TimelineStatus.completedByCompany;
}
