CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"channel_type" smallint NOT NULL,
	"sender_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"message" text NOT NULL,
	"client_id" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_channel_type_ck" CHECK ("chat_messages"."channel_type" in (0, 2)),
	CONSTRAINT "chat_messages_not_to_self_ck" CHECK ("chat_messages"."sender_id" <> "chat_messages"."receiver_id")
);
--> statement-breakpoint
CREATE TABLE "tracking_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"posted_by" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_points_latitude_ck" CHECK ("tracking_points"."latitude" between -90 and 90),
	CONSTRAINT "tracking_points_longitude_ck" CHECK ("tracking_points"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_points" ADD CONSTRAINT "tracking_points_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_points" ADD CONSTRAINT "tracking_points_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("request_id","channel_type","id");--> statement-breakpoint
CREATE INDEX "chat_messages_unread_idx" ON "chat_messages" USING btree ("receiver_id","request_id","channel_type") WHERE "chat_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "chat_messages_sender_idx" ON "chat_messages" USING btree ("sender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id_uq" ON "chat_messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "tracking_points_request_idx" ON "tracking_points" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "tracking_points_posted_by_idx" ON "tracking_points" USING btree ("posted_by");