import { z } from 'zod';
import { envelope } from './envelope';
import { idSchema } from './primitives';
import { coordinate } from './wire-fields';

/*
 * Live truck tracking (spec/request-lifecycle.md "Tracking", §7 get_tracking, portal.md §3
 * "Tracking event"). The foreman's phone posts points while the move is in progress (status 5);
 * only the request's customer sees them: live during the move, as the route travelled after it.
 */

/** A coordinate a point must have: coordinate() reads an empty or missing one as null. */
const requiredCoordinate = (max: number, message: string) =>
  coordinate(max, message).transform((v, ctx) => {
    if (v === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return v;
  });

/**
 * How old a point's recorded_at may be: a phone that was offline sends its queued points when
 * the network returns, each with the time it was taken; an hour's gap is a route no longer worth
 * drawing live.
 */
export const TRACKING_RECORDED_MAX_AGE_MS = 60 * 60 * 1000;
/** How far ahead of the server's clock a phone's clock may run; later is refused. */
export const TRACKING_CLOCK_SKEW_MS = 60 * 1000;

export const TRACKING_RECORDED_AT_TEXT = {
  invalid: 'recorded_at must be an ISO date and time, such as 2026-03-15T08:30:00Z.',
  future: 'recorded_at must not be in the future.',
  tooOld: 'recorded_at must be within the last hour.',
  beforeStart: 'recorded_at must not be before the move started.',
} as const;

/** POST /api/foreman/post_location (foreman token, status 5). */
export const postLocationBodySchema = z.object({
  request_id: idSchema('request_id must be a request id.'),
  latitude: requiredCoordinate(90, 'latitude must be between -90 and 90.'),
  longitude: requiredCoordinate(180, 'longitude must be between -180 and 180.'),
  /**
   * When the phone took the point (ISO 8601 with a zone), for a point sent late from the
   * offline queue; now when missing. The server checks it against its clock and the move's start.
   */
  recorded_at: z.iso
    .datetime({ offset: true, error: TRACKING_RECORDED_AT_TEXT.invalid })
    .optional(),
});
export type PostLocationBody = z.input<typeof postLocationBodySchema>;

/** One stored point. */
export const trackingPointSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    created_at: z.string(),
  })
  .meta({ id: 'TrackingPoint' });
export type TrackingPoint = z.infer<typeof trackingPointSchema>;

/** The realtime `tracking` event (portal.md §3): a point of one request's truck. */
export const trackingEventSchema = z.object({
  request_id: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  created_at: z.string(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** post_location's answer: the stored point. */
export const postLocationResponseSchema = envelope({ data: trackingEventSchema });

/** POST /app_api/get_tracking (auth). */
export const getTrackingBodySchema = z.object({
  request_id: idSchema('request_id must be a request id.'),
});
export type GetTrackingBody = z.input<typeof getTrackingBodySchema>;

/**
 * The points of the move so far, oldest first. Ours (issue 31): once the company has marked the
 * move complete (status 6 to 8) `move_complete` is true and the points are the route travelled,
 * to which nothing more is added.
 */
export const getTrackingResponseSchema = envelope({
  tracking_data: z.array(trackingPointSchema),
  move_complete: z.boolean(),
});
export type GetTrackingResponse = z.infer<typeof getTrackingResponseSchema>;
