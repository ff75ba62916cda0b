CREATE TABLE "receipt_counters" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_last_number_ck" CHECK ("receipt_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"number" integer NOT NULL,
	"ledger_transaction_id" integer NOT NULL,
	"request_id" integer,
	"kind" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"company_name" text,
	"move_date" date,
	"s_time" text,
	"start_window_from" text,
	"start_window_to" text,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_number_ck" CHECK ("receipts"."number" > 0),
	CONSTRAINT "receipts_kind_ck" CHECK ("receipts"."kind" in ('payment', 'tip', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_customer_number_uq" ON "receipts" USING btree ("customer_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_ledger_transaction_uq" ON "receipts" USING btree ("ledger_transaction_id");--> statement-breakpoint
CREATE INDEX "receipts_request_idx" ON "receipts" USING btree ("request_id");--> statement-breakpoint
-- The card movements posted before receipts were numbered (decision 041) are numbered now, per
-- customer in the order the ledger wrote them. What they said of the move then was not kept: the
-- card is the saved one when it is still the card that was charged, and the company, the date
-- and the addresses are the request's as they are now.
INSERT INTO "receipts" ("customer_id", "number", "ledger_transaction_id", "request_id", "kind",
                        "card_brand", "card_last4", "company_name", "move_date", "s_time",
                        "start_window_from", "start_window_to", "addresses", "created_at")
SELECT m."customer_id",
       row_number() OVER (PARTITION BY m."customer_id" ORDER BY m."ledger_transaction_id"),
       m."ledger_transaction_id", m."request_id",
       CASE m."kind" WHEN 'hold' THEN 'payment' ELSE m."kind" END,
       pc."brand", pc."last4",
       coalesce(cp."name", nullif(trim(cu."first_name" || ' ' || cu."last_name"), '')),
       r."move_date", r."s_time", r."start_window_from", r."start_window_to",
       coalesce((SELECT json_agg(json_build_object('type', a."address_type",
                                                   'address', a."complete_address")
                                 ORDER BY a."position")
                 FROM "request_addresses" a WHERE a."request_id" = m."request_id"), '[]')::jsonb,
       m."created_at"
FROM (
  SELECT t."id" AS "ledger_transaction_id", t."request_id", t."payment_id", t."kind",
         t."created_at", split_part(e."account", ':', 2)::int AS "customer_id"
  FROM "ledger_transactions" t
  JOIN "ledger_entries" e ON e."transaction_id" = t."id"
  WHERE t."status" = 'posted' AND t."kind" IN ('hold', 'tip', 'refund')
    AND e."account" LIKE 'customer_card:%'
  GROUP BY t."id", t."request_id", t."payment_id", t."kind", t."created_at", e."account"
  HAVING sum(e."amount_cents") <> 0
) m
JOIN "users" owner ON owner."id" = m."customer_id"
LEFT JOIN "payments" p ON p."id" = m."payment_id"
LEFT JOIN "payments" charge ON charge."id" = p."charge_payment_id"
LEFT JOIN "payment_cards" pc ON pc."user_id" = m."customer_id"
  AND pc."card_ref" = coalesce(charge."target_ref", p."target_ref")
LEFT JOIN "requests" r ON r."id" = m."request_id"
LEFT JOIN "company_profiles" cp ON cp."user_id" = r."company_id"
LEFT JOIN "users" cu ON cu."id" = r."company_id";
--> statement-breakpoint
INSERT INTO "receipt_counters" ("customer_id", "last_number")
SELECT "customer_id", max("number") FROM "receipts" GROUP BY "customer_id";
