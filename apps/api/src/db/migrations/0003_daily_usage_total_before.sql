ALTER TABLE "daily_usage" ADD COLUMN "total_before" numeric(18, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "daily_usage" d SET "total_before" = x."before"
FROM (
  SELECT "service_point_id", "day",
    coalesce(sum("usage") OVER (PARTITION BY "service_point_id" ORDER BY "day" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS "before"
  FROM "daily_usage"
) x
WHERE d."service_point_id" = x."service_point_id" AND d."day" = x."day" AND x."before" <> 0;
