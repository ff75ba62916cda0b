CREATE TABLE "money_discrepancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer,
	"payment_id" integer,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"provider_ref" text,
	"amount_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" integer,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_subscribers" text[],
	"next_attempt_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "company_direct_links" DROP CONSTRAINT "company_direct_links_company_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "company_foremen" DROP CONSTRAINT "company_foremen_company_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "company_service_zips" DROP CONSTRAINT "company_service_zips_company_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "company_trucks" DROP CONSTRAINT "company_trucks_company_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "request_bids" DROP CONSTRAINT "request_bids_company_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "requests" DROP CONSTRAINT "requests_company_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "company_reviews" DROP CONSTRAINT "company_reviews_company_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "company_foremen" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "status" text DEFAULT 'posted' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_payment_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "target_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "in_flight_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_operations" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "sandbox_operations" ADD COLUMN "charge_ref" text;--> statement-breakpoint
DROP INDEX "requests_foreman_idx";--> statement-breakpoint
-- Rows written before this migration, made to satisfy the constraints below. A company account
-- without a profile gets one (company-owned rows now reference the profile).
INSERT INTO "company_profiles" ("user_id", "name")
SELECT u."id", trim(u."first_name" || ' ' || u."last_name") FROM "users" u
WHERE u."user_type" = 2 AND NOT EXISTS (SELECT 1 FROM "company_profiles" p WHERE p."user_id" = u."id");--> statement-breakpoint
-- A foreman removed from the company while finished jobs named him: his row comes back, marked
-- removed, so that those jobs still reference one of their company's foremen.
INSERT INTO "company_foremen" ("user_id", "company_id", "removed_at")
SELECT DISTINCT ON (r."foreman_id") r."foreman_id", r."company_id", now() FROM "requests" r
WHERE r."foreman_id" IS NOT NULL AND r."company_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "company_foremen" f WHERE f."user_id" = r."foreman_id")
ON CONFLICT ("user_id") DO NOTHING;--> statement-breakpoint
-- A final price the one-phase code let two savings take below zero: recorded for an operator
-- (what the customer was refunded is in the ledger), then set to zero as the new rule says.
INSERT INTO "money_discrepancies" ("request_id", "kind", "detail", "amount_cents")
SELECT "id", 'amount', 'final price below zero before the request core; set to 0', "final_amount_cents"
FROM "requests" WHERE "final_amount_cents" < 0;--> statement-breakpoint
UPDATE "requests" SET "final_amount_cents" = 0 WHERE "final_amount_cents" < 0;--> statement-breakpoint
-- Whose card each earlier movement charged or refunded, and which charge each refund gave back.
UPDATE "payments" p SET "customer_id" = r."customer_id" FROM "requests" r
WHERE r."id" = p."request_id" AND p."kind" IN ('hold', 'refund', 'tip');--> statement-breakpoint
UPDATE "payments" f SET "charge_payment_id" = (
  SELECT h."id" FROM "payments" h
  WHERE h."request_id" = f."request_id" AND h."kind" = 'hold' AND h."status" = 'succeeded'
    AND h."id" < f."id"
  ORDER BY (h."amount_cents" >= f."amount_cents") DESC, h."id" DESC LIMIT 1)
WHERE f."kind" = 'refund';--> statement-breakpoint
-- A movement left pending by the one-phase ledger has no pending ledger transaction to settle: it
-- is closed as failed, and the reconciliation compares its request with the provider (a charge
-- the provider did make is then recorded and given back).
UPDATE "payments" SET "status" = 'failed', "error" = 'left pending before the two-phase ledger', "updated_at" = now()
WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "money_discrepancies" ADD CONSTRAINT "money_discrepancies_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_discrepancies" ADD CONSTRAINT "money_discrepancies_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_discrepancies_finding_uq" ON "money_discrepancies" USING btree ("kind","request_id","payment_id","provider_ref") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE INDEX "money_discrepancies_request_idx" ON "money_discrepancies" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "money_discrepancies_payment_idx" ON "money_discrepancies" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "domain_events_undispatched_idx" ON "domain_events" USING btree ("id") WHERE "domain_events"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "domain_events_request_idx" ON "domain_events" USING btree ("request_id","id");--> statement-breakpoint
ALTER TABLE "company_direct_links" ADD CONSTRAINT "company_direct_links_company_id_company_profiles_user_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("user_id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "company_foremen" ADD CONSTRAINT "company_foremen_company_id_company_profiles_user_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("user_id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "company_service_zips" ADD CONSTRAINT "company_service_zips_company_id_company_profiles_user_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("user_id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "company_trucks" ADD CONSTRAINT "company_trucks_company_id_company_profiles_user_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("user_id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "request_bids" ADD CONSTRAINT "request_bids_company_id_company_profiles_user_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("user_id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_company_id_company_profiles_user_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("user_id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customer_messages_user_idx" ON "customer_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "requests_foreman_idx" ON "requests" USING btree ("foreman_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_foremen_user_company_uq" ON "company_foremen" USING btree ("user_id","company_id");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_foreman_of_company_fk" FOREIGN KEY ("foreman_id","company_id") REFERENCES "public"."company_foremen"("user_id","company_id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_charge_payment_id_payments_id_fk" FOREIGN KEY ("charge_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "company_reviews" ADD CONSTRAINT "company_reviews_company_id_company_profiles_user_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("user_id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
CREATE INDEX "request_claims_request_idx" ON "request_claims" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_items_catalogue_item_idx" ON "request_items" USING btree ("catalogue_item_id");--> statement-breakpoint
CREATE INDEX "requests_accepted_bid_idx" ON "requests" USING btree ("accepted_bid_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("request_id") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_charge_idx" ON "payments" USING btree ("charge_payment_id");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sandbox_operations_reference_idx" ON "sandbox_operations" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "request_changes_decided_by_idx" ON "request_changes" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "request_changes_payment_idx" ON "request_changes" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_ck" CHECK ("users"."user_type" in (1, 2, 3, 4)) NOT VALID;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_rating_ck" CHECK ("users"."customer_rating" between 0 and 5) NOT VALID;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_rating_ck" CHECK ("company_profiles"."rating" between 0 and 5) NOT VALID;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_counts_ck" CHECK ("company_profiles"."truck_count" >= 0 and "company_profiles"."completed_moves" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "request_addresses" ADD CONSTRAINT "request_addresses_type_ck" CHECK ("request_addresses"."address_type" in (1, 2)) NOT VALID;--> statement-breakpoint
ALTER TABLE "request_addresses" ADD CONSTRAINT "request_addresses_flights_ck" CHECK ("request_addresses"."number_of_flights" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "request_addresses" ADD CONSTRAINT "request_addresses_latitude_ck" CHECK ("request_addresses"."latitude" between -90 and 90) NOT VALID;--> statement-breakpoint
ALTER TABLE "request_addresses" ADD CONSTRAINT "request_addresses_longitude_ck" CHECK ("request_addresses"."longitude" between -180 and 180) NOT VALID;--> statement-breakpoint
ALTER TABLE "request_bids" ADD CONSTRAINT "request_bids_movers_ck" CHECK ("request_bids"."movers" > 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_quantity_ck" CHECK ("request_items"."quantity" between 0 and 999) NOT VALID;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_unit_price_ck" CHECK ("request_items"."unit_price_cents" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_size_ck" CHECK ("request_items"."size" in ('0', '1', '2', '3', '4')) NOT VALID;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_type_ck" CHECK ("request_items"."type" in ('1', '2')) NOT VALID;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_final_amount_ck" CHECK ("requests"."final_amount_cents" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_recommend_amount_ck" CHECK ("requests"."recommend_amount_cents" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_customer_budget_ck" CHECK ("requests"."customer_budget_cents" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_discount_ck" CHECK ("requests"."discount_percent" between 0 and 100) NOT VALID;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_movers_ck" CHECK ("requests"."movers" > 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_distance_ck" CHECK ("requests"."net_distance_miles" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_rates_ck" CHECK ("requests"."cash_payment_rate_cents" >= 0 and "requests"."card_payment_rate_cents" >= 0 and "requests"."minimum_hours" >= 0
        and "requests"."cash_min_flat_rate_cents" >= 0 and "requests"."cash_max_flat_rate_cents" >= 0
        and "requests"."card_min_flat_rate_cents" >= 0 and "requests"."card_max_flat_rate_cents" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_request_type_ck" CHECK ("requests"."request_type" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_ck" CHECK ("ledger_entries"."amount_cents" <> 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_ck" CHECK ("ledger_transactions"."kind" in ('hold', 'release', 'refund', 'tip', 'cancellation_fee')) NOT VALID;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_status_ck" CHECK ("ledger_transactions"."status" in ('pending', 'posted', 'voided')) NOT VALID;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_ck" CHECK ("payments"."kind" in ('hold', 'release', 'refund', 'tip')) NOT VALID;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_ck" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed')) NOT VALID;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_ck" CHECK ("payments"."amount_cents" > 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_charge_ck" CHECK (("payments"."kind" = 'refund') = ("payments"."charge_payment_id" is not null)) NOT VALID;--> statement-breakpoint
ALTER TABLE "sandbox_operations" ADD CONSTRAINT "sandbox_operations_amount_ck" CHECK ("sandbox_operations"."amount_cents" > 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "company_reviews" ADD CONSTRAINT "company_reviews_customer_rating_ck" CHECK ("company_reviews"."customer_rating" between 0 and 5) NOT VALID;--> statement-breakpoint
-- Two phases: a ledger transaction is settled once, from pending to posted or voided, and nothing
-- else of it ever changes; none is deleted.
CREATE FUNCTION ledger_transaction_settles_once() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger transactions cannot be deleted' USING ERRCODE = 'check_violation';
  END IF;
  IF OLD."status" <> 'pending' OR NEW."status" = 'pending'
     OR NEW."id" <> OLD."id" OR NEW."idempotency_key" <> OLD."idempotency_key" OR NEW."kind" <> OLD."kind"
     OR NEW."request_id" IS DISTINCT FROM OLD."request_id"
     OR NEW."payment_id" IS DISTINCT FROM OLD."payment_id" THEN
    RAISE EXCEPTION 'ledger transaction % can only be settled once, from pending', OLD."id"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_settle_once BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION ledger_transaction_settles_once();
--> statement-breakpoint
-- An escrow never gives more than it holds: at commit, its posted balance less its pending debits
-- is not below zero. The request's row lock already serialises every movement of one escrow; this
-- is the database saying it too.
CREATE FUNCTION escrow_never_overdrawn() RETURNS trigger AS $$
DECLARE
  available bigint;
BEGIN
  SELECT COALESCE(SUM(e."amount_cents"), 0) INTO available
  FROM "ledger_entries" e JOIN "ledger_transactions" t ON t."id" = e."transaction_id"
  WHERE e."account" = NEW."account"
    AND (t."status" = 'posted' OR (t."status" = 'pending' AND e."amount_cents" < 0));
  IF available < 0 THEN
    RAISE EXCEPTION 'account % would be overdrawn by % cents', NEW."account", -available
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_escrow_covered
  AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."amount_cents" < 0 AND NEW."account" LIKE 'escrow:%')
  EXECUTE FUNCTION escrow_never_overdrawn();
--> statement-breakpoint
-- The constraints above were added NOT VALID so that rows the previous code wrote cannot stop the
-- migration: each is validated now where every existing row keeps it; one that some old row breaks
-- stays enforced for every new and changed row, and says so in the log.
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN
    SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
    WHERE NOT convalidated AND connamespace = 'public'::regnamespace
  LOOP
    BEGIN
      EXECUTE format('ALTER TABLE %s VALIDATE CONSTRAINT %I', c.tbl, c.conname);
    EXCEPTION WHEN check_violation OR foreign_key_violation THEN
      RAISE WARNING 'constraint % of % left unvalidated: existing rows break it', c.conname, c.tbl;
    END;
  END LOOP;
END;
$$;
