CREATE TABLE "installation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"one" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_one_uq" UNIQUE("one"),
	CONSTRAINT "installation_one_ck" CHECK ("installation"."one")
);
--> statement-breakpoint
DROP INDEX "money_discrepancies_finding_uq";--> statement-breakpoint
ALTER TABLE "money_discrepancies" ADD CONSTRAINT "money_discrepancies_finding_uq" UNIQUE NULLS NOT DISTINCT("kind","request_id","payment_id","provider_ref");--> statement-breakpoint
-- This database's id, made once: movements written from now on carry it in their idempotency
-- keys; those written before keep the keys they were asked about under.
INSERT INTO "installation" DEFAULT VALUES;
