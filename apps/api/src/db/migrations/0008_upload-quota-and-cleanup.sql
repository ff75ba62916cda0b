ALTER TABLE "uploads" ADD COLUMN "uploader_address" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_address_created_idx" ON "uploads" USING btree ("uploader_address","created_at");--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");