CREATE TABLE "catalogue_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" text DEFAULT '0' NOT NULL,
	"unit_price_cents" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "move_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_zip_codes" (
	"zip_code" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"zip_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_category_id_item_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."item_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_items_category_name_uq" ON "catalogue_items" USING btree ("category_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "item_categories_type_name_uq" ON "item_categories" USING btree ("type","name");--> statement-breakpoint
CREATE UNIQUE INDEX "move_types_name_uq" ON "move_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_areas_email_zip_uq" ON "waitlist_areas" USING btree (lower("email"),"zip_code");