ALTER TABLE "request_changes" DROP CONSTRAINT "request_changes_status_ck";--> statement-breakpoint
ALTER TABLE "request_changes" DROP CONSTRAINT "request_changes_decided_ck";--> statement-breakpoint
DROP INDEX "request_changes_one_pending_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "request_changes_one_open_uq" ON "request_changes" USING btree ("request_id","type") WHERE "request_changes"."status" in ('awaiting_price', 'pending');--> statement-breakpoint
ALTER TABLE "request_changes" ADD CONSTRAINT "request_changes_status_ck" CHECK ("request_changes"."status" in ('awaiting_price', 'pending', 'accepted', 'rejected'));--> statement-breakpoint
ALTER TABLE "request_changes" ADD CONSTRAINT "request_changes_decided_ck" CHECK (("request_changes"."status" in ('awaiting_price', 'pending')) = ("request_changes"."decided_at" is null));