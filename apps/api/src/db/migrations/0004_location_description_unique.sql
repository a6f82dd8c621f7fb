-- Descriptions that already repeat within a property (ignoring case and spaces) keep the oldest
-- location's as it is; the others get their id appended (" (#123)"), so that the unique index can be built.
WITH "ranked" AS (
	SELECT "id", row_number() OVER (
		PARTITION BY "site_id", lower(regexp_replace("description", '[[:space:]]+', '', 'g')) ORDER BY "id"
	) AS "n"
	FROM "locations"
)
UPDATE "locations" SET "description" = "locations"."description" || ' (#' || "locations"."id" || ')'
FROM "ranked" WHERE "ranked"."id" = "locations"."id" AND "ranked"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_site_description_key" ON "locations" USING btree ("site_id",lower(regexp_replace("description", '[[:space:]]+', '', 'g')));
