ALTER TABLE "requests" ADD COLUMN "pick_up_zip" text;--> statement-breakpoint
-- Every request's pick-up zip as the commands keep it: its first pick-up address by position.
UPDATE "requests" r SET "pick_up_zip" = (
  SELECT a."zip_code" FROM "request_addresses" a
  WHERE a."request_id" = r."id" AND a."address_type" = 1
  ORDER BY a."position", a."id" LIMIT 1);--> statement-breakpoint
CREATE INDEX "requests_open_pick_up_zip_idx" ON "requests" USING btree ("pick_up_zip","id") WHERE request_type = 0 and request_status = 0 and request_timeline_status in (0, 1);
