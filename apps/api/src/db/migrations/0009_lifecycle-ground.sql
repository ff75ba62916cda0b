CREATE TABLE "company_foremen" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_service_zips" (
	"company_id" integer NOT NULL,
	"zip_code" text NOT NULL,
	CONSTRAINT "company_service_zips_company_id_zip_code_pk" PRIMARY KEY("company_id","zip_code")
);
--> statement-breakpoint
CREATE TABLE "company_trucks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer,
	"request_id" integer,
	"reviewer_first_name" text NOT NULL,
	"reviewer_last_name" text NOT NULL,
	"reviewer_picture" text,
	"company_rating" double precision NOT NULL,
	"company_comment" text,
	"customer_rating" double precision,
	"customer_comment" text,
	"tip_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_reviews_rating_ck" CHECK ("company_reviews"."company_rating" between 0 and 5),
	CONSTRAINT "company_reviews_tip_ck" CHECK ("company_reviews"."tip_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "request_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"parent_id" integer,
	"sender_id" integer NOT NULL,
	"sender_type" smallint NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_comments_sender_type_ck" CHECK ("request_comments"."sender_type" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "request_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_status_history_to_ck" CHECK ("request_status_history"."to_status" in (0, 1, 2, 3, 4, 5, 6, 7, 8, 11)),
	CONSTRAINT "request_status_history_from_ck" CHECK ("request_status_history"."from_status" is null or "request_status_history"."from_status" in (0, 1, 2, 3, 4, 5, 6, 7, 8, 11)),
	CONSTRAINT "request_status_history_actor_ck" CHECK ("request_status_history"."actor_type" in ('customer', 'company', 'foreman', 'system'))
);
--> statement-breakpoint
CREATE TABLE "request_trucks" (
	"request_id" integer NOT NULL,
	"truck_id" integer NOT NULL,
	CONSTRAINT "request_trucks_request_id_truck_id_pk" PRIMARY KEY("request_id","truck_id")
);
--> statement-breakpoint
ALTER TABLE "request_bids" ADD COLUMN "movers" smallint;--> statement-breakpoint
ALTER TABLE "request_bids" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "accepted_bid_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "foreman_id" integer;--> statement-breakpoint
ALTER TABLE "company_foremen" ADD CONSTRAINT "company_foremen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_foremen" ADD CONSTRAINT "company_foremen_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_service_zips" ADD CONSTRAINT "company_service_zips_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_trucks" ADD CONSTRAINT "company_trucks_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reviews" ADD CONSTRAINT "company_reviews_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reviews" ADD CONSTRAINT "company_reviews_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reviews" ADD CONSTRAINT "company_reviews_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_comments" ADD CONSTRAINT "request_comments_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_comments" ADD CONSTRAINT "request_comments_parent_id_request_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."request_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_comments" ADD CONSTRAINT "request_comments_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_status_history" ADD CONSTRAINT "request_status_history_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_status_history" ADD CONSTRAINT "request_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_trucks" ADD CONSTRAINT "request_trucks_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_trucks" ADD CONSTRAINT "request_trucks_truck_id_company_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."company_trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_foremen_company_idx" ON "company_foremen" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_service_zips_zip_idx" ON "company_service_zips" USING btree ("zip_code");--> statement-breakpoint
CREATE INDEX "company_trucks_company_idx" ON "company_trucks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_reviews_company_idx" ON "company_reviews" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_reviews_request_uq" ON "company_reviews" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "company_reviews_customer_idx" ON "company_reviews" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "request_comments_request_idx" ON "request_comments" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "request_comments_parent_idx" ON "request_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "request_comments_sender_idx" ON "request_comments" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "request_status_history_request_idx" ON "request_status_history" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "request_status_history_actor_idx" ON "request_status_history" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "request_trucks_truck_idx" ON "request_trucks" USING btree ("truck_id");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_accepted_bid_id_request_bids_id_fk" FOREIGN KEY ("accepted_bid_id") REFERENCES "public"."request_bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_foreman_id_users_id_fk" FOREIGN KEY ("foreman_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_open_idx" ON "requests" USING btree ("request_status","request_timeline_status","id");--> statement-breakpoint
CREATE INDEX "requests_foreman_idx" ON "requests" USING btree ("foreman_id");--> statement-breakpoint
ALTER TABLE "request_bids" ADD CONSTRAINT "request_bids_status_ck" CHECK ("request_bids"."status" in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "request_bids" ADD CONSTRAINT "request_bids_amount_ck" CHECK ("request_bids"."bid_amount_cents" > 0);--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_status_ck" CHECK ("requests"."request_status" in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_timeline_status_ck" CHECK ("requests"."request_timeline_status" in (0, 1, 2, 3, 4, 5, 6, 7, 8, 11));--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_additional_status_ck" CHECK ("requests"."additional_status" in (0, 1));