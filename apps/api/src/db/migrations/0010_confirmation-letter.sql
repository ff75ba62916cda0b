ALTER TABLE "company_profiles" ADD COLUMN "letter_template" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "rate_method" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "cash_payment_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "card_payment_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "minimum_hours" double precision;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "cash_min_flat_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "cash_max_flat_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "card_min_flat_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "card_max_flat_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "confirmation_letter_html" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "letter_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "confirmation_letter_pdf" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "letter_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "letter_signer_name" text;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_rate_method_ck" CHECK ("requests"."rate_method" in ('Hourly', 'Flat'));--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_payment_method_ck" CHECK ("requests"."payment_method" in ('Cash', 'Card'));