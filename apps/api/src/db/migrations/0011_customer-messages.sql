CREATE TABLE "customer_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"event" text NOT NULL,
	"message" text NOT NULL,
	"calendar" text,
	"calendar_sequence" integer,
	"dedupe_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_dedupe_uq" ON "customer_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "customer_messages_pending_idx" ON "customer_messages" USING btree ("id") WHERE "customer_messages"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "customer_messages_request_idx" ON "customer_messages" USING btree ("request_id");