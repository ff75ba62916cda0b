-- Links written before these keys existed may point at rows that are gone: clear them, as
-- ON DELETE SET NULL would have. Money rows (payments, ledger) are left to fail loudly instead.
UPDATE "notifications" SET "request_id" = NULL WHERE "request_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "requests" WHERE "requests"."id" = "notifications"."request_id");--> statement-breakpoint
UPDATE "referrals" SET "discount_request_id" = NULL WHERE "discount_request_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "requests" WHERE "requests"."id" = "referrals"."discount_request_id");--> statement-breakpoint
UPDATE "users" SET "referred_by_id" = NULL WHERE "referred_by_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" AS "referrer" WHERE "referrer"."id" = "users"."referred_by_id");--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_discount_request_id_requests_id_fk" FOREIGN KEY ("discount_request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_move_type_id_move_types_id_fk" FOREIGN KEY ("move_type_id") REFERENCES "public"."move_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_id_users_id_fk" FOREIGN KEY ("referred_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_direct_links_company_idx" ON "company_direct_links" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_direct_links_created_by_idx" ON "company_direct_links" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_payment_idx" ON "ledger_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_request_idx" ON "ledger_transactions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "notifications_request_idx" ON "notifications" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "payments_request_idx" ON "payments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "referrals_discount_request_idx" ON "referrals" USING btree ("discount_request_id");--> statement-breakpoint
CREATE INDEX "request_bids_company_idx" ON "request_bids" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "requests_company_status_idx" ON "requests" USING btree ("company_id","request_status","id");--> statement-breakpoint
CREATE INDEX "requests_created_by_idx" ON "requests" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "requests_move_type_idx" ON "requests" USING btree ("move_type_id");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by_id");