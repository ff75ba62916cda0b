CREATE TABLE "request_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposal" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"proposed_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepting_since" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"payment_id" integer,
	CONSTRAINT "request_changes_type_ck" CHECK ("request_changes"."type" in ('request', 'address', 'items', 'extra-items')),
	CONSTRAINT "request_changes_status_ck" CHECK ("request_changes"."status" in ('pending', 'accepted', 'rejected')),
	CONSTRAINT "request_changes_decided_ck" CHECK (("request_changes"."status" = 'pending') = ("request_changes"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "request_changes" ADD CONSTRAINT "request_changes_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_changes" ADD CONSTRAINT "request_changes_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_changes" ADD CONSTRAINT "request_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_changes" ADD CONSTRAINT "request_changes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_changes_one_pending_uq" ON "request_changes" USING btree ("request_id","type") WHERE "request_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "request_changes_request_idx" ON "request_changes" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "request_changes_proposed_by_idx" ON "request_changes" USING btree ("proposed_by");