CREATE TABLE "console_departures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"left_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_addresses" ADD COLUMN "is_approximate_location" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "console_departures" ADD CONSTRAINT "console_departures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;