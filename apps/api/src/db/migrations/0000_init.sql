CREATE TABLE "company_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"about" text,
	"profile_picture" text,
	"phone" text,
	"email" text,
	"address" text,
	"truck_count" integer DEFAULT 0 NOT NULL,
	"rating" double precision DEFAULT 0 NOT NULL,
	"completed_moves" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"address_type" smallint NOT NULL,
	"complete_address" text NOT NULL,
	"street_address" text,
	"zip_code" text,
	"apartment_number" text,
	"address_detail" text,
	"city" text,
	"state" text,
	"country" text,
	"is_storage" boolean DEFAULT false NOT NULL,
	"is_stairs" boolean DEFAULT false NOT NULL,
	"is_elevator" boolean DEFAULT false NOT NULL,
	"is_hardwood_floor" boolean DEFAULT false NOT NULL,
	"number_of_flights" smallint DEFAULT 0 NOT NULL,
	"parking_and_building_info" text,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
CREATE TABLE "request_bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"bid_amount_cents" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"request_type" smallint DEFAULT 0 NOT NULL,
	"request_status" smallint DEFAULT 0 NOT NULL,
	"request_timeline_status" smallint DEFAULT 0 NOT NULL,
	"additional_status" smallint DEFAULT 0 NOT NULL,
	"company_id" integer,
	"move_date" date NOT NULL,
	"s_time" text,
	"start_window_from" text,
	"start_window_to" text,
	"move_type_id" integer,
	"movers" smallint,
	"net_distance_miles" double precision DEFAULT 0 NOT NULL,
	"recommend_amount_cents" integer,
	"customer_budget_cents" integer,
	"final_amount_cents" integer,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"final_comment" text,
	"public_access_link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_type" smallint NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"profile_picture" text,
	"login_by" text DEFAULT 'app' NOT NULL,
	"how_found_us" text,
	"invite_friend_code" text,
	"referred_by_id" integer,
	"room_id" text NOT NULL,
	"customer_rating" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_addresses" ADD CONSTRAINT "request_addresses_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_bids" ADD CONSTRAINT "request_bids_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_bids" ADD CONSTRAINT "request_bids_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_to_idx" ON "outbox" USING btree (lower("to_address"),"id");--> statement-breakpoint
CREATE INDEX "request_addresses_request_idx" ON "request_addresses" USING btree ("request_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "request_bids_request_company_uq" ON "request_bids" USING btree ("request_id","company_id");--> statement-breakpoint
CREATE INDEX "requests_customer_status_idx" ON "requests" USING btree ("customer_id","request_status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_public_link_uq" ON "requests" USING btree ("public_access_link");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_type_uq" ON "users" USING btree ("email","user_type");--> statement-breakpoint
CREATE UNIQUE INDEX "users_room_id_uq" ON "users" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_invite_code_uq" ON "users" USING btree ("invite_friend_code");