CREATE TABLE "analytics_daily_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"event" text NOT NULL,
	"page" text NOT NULL,
	"step" smallint,
	"direct_link_id" integer,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_counts_key_uq" UNIQUE NULLS NOT DISTINCT("day","event","page","step","direct_link_id"),
	CONSTRAINT "analytics_daily_counts_event_ck" CHECK ("analytics_daily_counts"."event" in ('pageview', 'wizard_step')),
	CONSTRAINT "analytics_daily_counts_step_ck" CHECK (("analytics_daily_counts"."event" = 'wizard_step') = ("analytics_daily_counts"."step" is not null) and ("analytics_daily_counts"."step" is null or "analytics_daily_counts"."step" between 0 and 8)),
	CONSTRAINT "analytics_daily_counts_count_ck" CHECK ("analytics_daily_counts"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "analytics_daily_counts" ADD CONSTRAINT "analytics_daily_counts_direct_link_id_company_direct_links_id_fk" FOREIGN KEY ("direct_link_id") REFERENCES "public"."company_direct_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_daily_counts_link_day_idx" ON "analytics_daily_counts" USING btree ("direct_link_id","day") WHERE "analytics_daily_counts"."direct_link_id" is not null;