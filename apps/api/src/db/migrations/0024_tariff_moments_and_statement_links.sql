-- One tariff version per property and moment. Versions that already share a moment are
-- resolved first: the one created last stays (ties: the highest id, the one running statements
-- used), the others are deleted. Frozen statements keep the figures and the version id they had.
DELETE FROM "tariff_versions" tv USING "tariff_versions" later
WHERE later."site_id" = tv."site_id" AND later."effective_from" = tv."effective_from"
  AND (later."created_at", later."id") > (tv."created_at", tv."id");
--> statement-breakpoint
DROP INDEX "tariff_versions_site_from";
--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_versions_site_moment" ON "tariff_versions" USING btree ("site_id","effective_from");
