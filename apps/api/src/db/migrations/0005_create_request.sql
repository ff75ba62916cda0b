CREATE TABLE "company_direct_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"link" text NOT NULL,
	"company_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_item_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_item_id" integer NOT NULL,
	"image_url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"catalogue_item_id" integer,
	"name" text NOT NULL,
	"category_name" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"size" text DEFAULT '0' NOT NULL,
	"type" text NOT NULL,
	"unit_price_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"additional_info" text,
	"added_by_type" text,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_timeline" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"activity_title" text NOT NULL,
	"activity_datetime" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "schedule_time" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "contact_first_name" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "contact_last_name" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "company_direct_links" ADD CONSTRAINT "company_direct_links_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_direct_links" ADD CONSTRAINT "company_direct_links_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_item_images" ADD CONSTRAINT "request_item_images_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_catalogue_item_id_catalogue_items_id_fk" FOREIGN KEY ("catalogue_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_timeline" ADD CONSTRAINT "request_timeline_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_direct_links_link_uq" ON "company_direct_links" USING btree ("link");--> statement-breakpoint
CREATE INDEX "request_item_images_item_idx" ON "request_item_images" USING btree ("request_item_id");--> statement-breakpoint
CREATE INDEX "request_items_request_idx" ON "request_items" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "request_timeline_request_idx" ON "request_timeline" USING btree ("request_id","id");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;