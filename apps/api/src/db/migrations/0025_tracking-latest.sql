CREATE TABLE "tracking_latest" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "tracking_latest_points_ck" CHECK ("tracking_latest"."points" > 0)
);
--> statement-breakpoint
ALTER TABLE "tracking_latest" ADD CONSTRAINT "tracking_latest_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every move's latest point (its highest id, as post_location read it) and its count.
INSERT INTO "tracking_latest" ("request_id", "latitude", "longitude", "created_at", "points")
SELECT DISTINCT ON (p."request_id") p."request_id", p."latitude", p."longitude", p."created_at",
       count(*) OVER (PARTITION BY p."request_id")
FROM "tracking_points" p
ORDER BY p."request_id", p."id" DESC;
