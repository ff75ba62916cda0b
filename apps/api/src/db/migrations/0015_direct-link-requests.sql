ALTER TABLE "requests" ADD COLUMN "direct_link_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_direct_link_id_company_direct_links_id_fk" FOREIGN KEY ("direct_link_id") REFERENCES "public"."company_direct_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_direct_link_idx" ON "requests" USING btree ("direct_link_id","id");--> statement-breakpoint
-- Direct requests made before the column existed: set where only one link could have brought
-- them (the sales member's own link for the sale_team path, else the company's own link).
UPDATE "requests" r SET "direct_link_id" = (
  SELECT l."id" FROM "company_direct_links" l
  WHERE l."company_id" = r."company_id"
    AND l."created_by_user_id" = coalesce(r."created_by_user_id", r."company_id")
)
WHERE r."request_type" <> 0 AND r."direct_link_id" IS NULL AND (
  SELECT count(*) FROM "company_direct_links" l
  WHERE l."company_id" = r."company_id"
    AND l."created_by_user_id" = coalesce(r."created_by_user_id", r."company_id")
) = 1;
