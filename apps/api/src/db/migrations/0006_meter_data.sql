CREATE TABLE "meter_refusals" (
	"device_key" text NOT NULL,
	"reason" text NOT NULL,
	"count" bigint NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_detail" text NOT NULL,
	"logged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meter_refusals_device_key_reason_pk" PRIMARY KEY("device_key","reason")
);
--> statement-breakpoint
-- Every reading keeps what it is among its meter's readings and the usage it adds, by the rule
-- of docs/decisions.md ("Totals that go down", "Readings in any order"); every usage figure is a
-- sum of that usage. Totals that are not a number from 0 to 999999999999.999999 (NaN, Infinity,
-- below 0) are deleted first: the roll-ups they spoiled are rebuilt below from what remains.
DELETE FROM "meter_readings" WHERE NOT ("total" BETWEEN 0 AND 999999999999.999999);--> statement-breakpoint
CREATE TYPE "public"."reading_kind" AS ENUM('normal', 'reset', 'drop', 'glitch', 'baseline', 'rollover');--> statement-breakpoint
ALTER TABLE "meter_readings" ADD COLUMN "kind" "reading_kind" DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD COLUMN "usage" numeric(18, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The register a total counts on: 10^k for a total of k integer digits (999999.99 counts on 10^6).
CREATE FUNCTION "meter_register"("total" numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT 10::numeric ^ length(trunc("total")::text) $$;--> statement-breakpoint
-- The total a reading is measured from (its reference): the total before it (t1), or the one
-- before that (t2) when the reading before it was a glitch, a one-off low total that this reading
-- (t) comes back above. Resets (r1, r) are never glitches.
CREATE FUNCTION "meter_reading_ref"("t2" numeric, "t1" numeric, "r1" boolean, "t" numeric, "r" boolean) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN NOT "r1" AND NOT "r" AND "t1" < "t2" AND "t" >= "t2" THEN "t2" ELSE "t1" END $$;--> statement-breakpoint
-- What a reading of total t (manual reset r) is, given its reference and the next reading (n, a
-- reset when nr): a total below the reference is a glitch when the next reading is back at or
-- above the reference, a rollover when the register wrapped (the reference of 4 or more digits
-- within 1 % of its register, the wrapped rise at most 1 % of it), else a new baseline; with no
-- next reading yet, a drop (nothing counted until the next reading decides).
CREATE FUNCTION "meter_reading_kind"("ref" numeric, "t" numeric, "r" boolean, "n" numeric, "nr" boolean) RETURNS "reading_kind"
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE
  WHEN "r" THEN 'reset'::"reading_kind"
  WHEN "ref" IS NULL OR "t" >= "ref" THEN 'normal'::"reading_kind"
  WHEN "n" IS NULL THEN 'drop'::"reading_kind"
  WHEN NOT "nr" AND "n" >= "ref" THEN 'glitch'::"reading_kind"
  WHEN "ref" >= 1000 AND "t" + meter_register("ref") - "ref" <= meter_register("ref") / 100 THEN 'rollover'::"reading_kind"
  ELSE 'baseline'::"reading_kind" END $$;--> statement-breakpoint
-- The usage a reading adds: its rise over its reference, the rise through the register's end for
-- a rollover, nothing otherwise (the first reading, a reset, a drop, a glitch, a new baseline).
CREATE FUNCTION "meter_reading_usage"("kind" "reading_kind", "ref" numeric, "t" numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE "kind"
  WHEN 'normal' THEN coalesce("t" - "ref", 0)
  WHEN 'rollover' THEN "t" + meter_register("ref") - "ref"
  ELSE 0 END $$;--> statement-breakpoint
-- Every stored reading classified by the rule, meter by meter in key order.
UPDATE "meter_readings" r SET "kind" = c."kind", "usage" = c."usage"
FROM (
  SELECT m."id" AS "sp", x."read_at", x."kind", meter_reading_usage(x."kind", x."ref", x."total") AS "usage"
  FROM "service_points" m
  CROSS JOIN LATERAL (
    SELECT y.*, meter_reading_kind(y."ref", y."total", y."is_reset", y."n", y."nr") AS "kind"
    FROM (
      SELECT w.*, meter_reading_ref(w."t2", w."t1", w."r1", w."total", w."is_reset") AS "ref"
      FROM (
        SELECT r."read_at", r."total", r."is_reset",
          lag(r."total", 2) OVER o AS "t2", lag(r."total") OVER o AS "t1", lag(r."is_reset") OVER o AS "r1",
          lead(r."total") OVER o AS "n", lead(r."is_reset") OVER o AS "nr"
        FROM "meter_readings" r
        WHERE r."service_point_id" = m."id"
        WINDOW o AS (ORDER BY r."read_at")
      ) w
    ) y
  ) x
) c
WHERE r."service_point_id" = c."sp" AND r."read_at" = c."read_at" AND (c."kind" <> 'normal' OR c."usage" <> 0);--> statement-breakpoint
-- The roll-ups rebuilt from the readings' usage: they counted drops, late readings and NaN by
-- the old rule. Each meter-day in its property's zone as it is now, as rebuildDailyUsage does.
DELETE FROM "daily_usage";--> statement-breakpoint
INSERT INTO "daily_usage" ("service_point_id", "day", "usage", "total_before", "first_reading", "last_reading", "last_read_at")
SELECT d."sp", d."day", d."usage",
  coalesce(sum(d."usage") OVER (PARTITION BY d."sp" ORDER BY d."day" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0),
  d."first_reading", d."last_reading", d."last_read_at"
FROM (
  SELECT r."service_point_id" AS "sp", (r."read_at" AT TIME ZONE coalesce(s."time_zone", 'UTC'))::date AS "day",
    sum(r."usage") AS "usage", (array_agg(r."total" ORDER BY r."read_at"))[1] AS "first_reading",
    (array_agg(r."total" ORDER BY r."read_at" DESC))[1] AS "last_reading", max(r."read_at") AS "last_read_at"
  FROM "meter_readings" r
  JOIN "service_points" sp ON sp."id" = r."service_point_id"
  LEFT JOIN "locations" l ON l."id" = sp."location_id"
  LEFT JOIN "sites" s ON s."id" = l."site_id"
  GROUP BY 1, 2
) d;--> statement-breakpoint
UPDATE "service_points" sp SET
  "usage_total" = coalesce((SELECT sum(d."usage") FROM "daily_usage" d WHERE d."service_point_id" = sp."id"), 0),
  "last_reading" = x."total", "last_reading_at" = x."read_at"
FROM "service_points" m
LEFT JOIN LATERAL (
  SELECT r."total", r."read_at" FROM "meter_readings" r WHERE r."service_point_id" = m."id" ORDER BY r."read_at" DESC LIMIT 1
) x ON true
WHERE m."id" = sp."id";--> statement-breakpoint
DELETE FROM "site_daily_usage";--> statement-breakpoint
INSERT INTO "site_daily_usage" ("site_id", "day", "kwh", "gallons")
SELECT l."site_id", d."day",
  coalesce(sum(d."usage") FILTER (WHERE dt."unit" = 'kWh'), 0),
  coalesce(sum(d."usage") FILTER (WHERE dt."unit" = 'gal'), 0)
FROM "daily_usage" d
JOIN "service_points" sp ON sp."id" = d."service_point_id"
JOIN "locations" l ON l."id" = sp."location_id"
JOIN "device_types" dt ON dt."id" = sp."device_type_id"
GROUP BY l."site_id", d."day";--> statement-breakpoint
-- Stays keep the figures stored at check-out, except those a deleted total spoiled: worked out
-- again over [check-in, check-out) from the readings.
UPDATE "stay_meters" sm SET
  "opening_reading" = CASE WHEN sm."opening_reading" BETWEEN 0 AND 999999999999.999999 THEN sm."opening_reading" ELSE (
    SELECT r."total" FROM "meter_readings" r
    WHERE r."service_point_id" = sm."service_point_id" AND r."read_at" < st."checkin_at" AND r."kind" NOT IN ('glitch', 'drop')
    ORDER BY r."read_at" DESC LIMIT 1) END,
  "closing_reading" = CASE WHEN sm."closing_reading" BETWEEN 0 AND 999999999999.999999 THEN sm."closing_reading"
    WHEN st."checkout_at" IS NULL THEN NULL ELSE (
    SELECT r."total" FROM "meter_readings" r
    WHERE r."service_point_id" = sm."service_point_id" AND r."read_at" < st."checkout_at" AND r."kind" NOT IN ('glitch', 'drop')
    ORDER BY r."read_at" DESC LIMIT 1) END,
  "usage" = CASE WHEN sm."usage" BETWEEN 0 AND 999999999999.999999 THEN sm."usage"
    WHEN st."checkout_at" IS NULL THEN NULL ELSE (
    SELECT coalesce(sum(r."usage"), 0) FROM "meter_readings" r
    WHERE r."service_point_id" = sm."service_point_id" AND r."read_at" >= st."checkin_at" AND r."read_at" < st."checkout_at") END
FROM "stays" st
WHERE st."id" = sm."stay_id" AND NOT (coalesce(sm."opening_reading", 0) BETWEEN 0 AND 999999999999.999999
  AND coalesce(sm."closing_reading", 0) BETWEEN 0 AND 999999999999.999999 AND coalesce(sm."usage", 0) BETWEEN 0 AND 999999999999.999999);--> statement-breakpoint
UPDATE "stays" st SET "total_usage" = (
  SELECT sum(sm."usage") FROM "stay_meters" sm
  JOIN "service_points" sp ON sp."id" = sm."service_point_id"
  JOIN "device_types" dt ON dt."id" = sp."device_type_id"
  WHERE sm."stay_id" = st."id" AND dt."unit" = 'kWh')
WHERE NOT (st."total_usage" BETWEEN 0 AND 999999999999.999999);--> statement-breakpoint
CREATE INDEX "meter_readings_events_idx" ON "meter_readings" USING btree ("service_point_id","read_at") WHERE "meter_readings"."kind" <> 'normal';--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "total_range" CHECK ("meter_readings"."total" between 0 and 999999999999.999999);--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "usage_range" CHECK ("meter_readings"."usage" between 0 and 999999999999.999999);--> statement-breakpoint
ALTER TABLE "service_points" ADD CONSTRAINT "last_reading_range" CHECK ("service_points"."last_reading" between 0 and 999999999999.999999);--> statement-breakpoint
ALTER TABLE "service_points" ADD CONSTRAINT "usage_total_range" CHECK ("service_points"."usage_total" between 0 and 999999999999.999999);--> statement-breakpoint
ALTER TABLE "daily_usage" ADD CONSTRAINT "usage_range" CHECK ("daily_usage"."usage" between 0 and 999999999999.999999);--> statement-breakpoint
ALTER TABLE "daily_usage" ADD CONSTRAINT "total_before_range" CHECK ("daily_usage"."total_before" between 0 and 999999999999.999999);--> statement-breakpoint
ALTER TABLE "daily_usage" ADD CONSTRAINT "first_reading_range" CHECK ("daily_usage"."first_reading" between 0 and 999999999999.999999);--> statement-breakpoint
ALTER TABLE "daily_usage" ADD CONSTRAINT "last_reading_range" CHECK ("daily_usage"."last_reading" between 0 and 999999999999.999999);--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "total_usage_range" CHECK ("stays"."total_usage" between 0 and 999999999999.999999);--> statement-breakpoint
ALTER TABLE "stay_meters" ADD CONSTRAINT "opening_reading_range" CHECK ("stay_meters"."opening_reading" between 0 and 999999999999.999999);--> statement-breakpoint
ALTER TABLE "stay_meters" ADD CONSTRAINT "closing_reading_range" CHECK ("stay_meters"."closing_reading" between 0 and 999999999999.999999);--> statement-breakpoint
ALTER TABLE "stay_meters" ADD CONSTRAINT "usage_range" CHECK ("stay_meters"."usage" between 0 and 999999999999.999999);
--> statement-breakpoint
ALTER TABLE "service_point_capabilities" ADD COLUMN "desired_state" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_point_capabilities" ADD COLUMN "command_id" bigint;--> statement-breakpoint
-- A relay's current command is the latest sent to it, and the portal wants what that command
-- asked for (what it is, when it never had one). At a vacant location the last check-out wanted
-- it off, unless a command since asked otherwise: power a late answer left on after a check-out
-- is then switched off by the power-left-on job.
UPDATE "service_point_capabilities" spc
SET "command_id" = x.command_id,
  "desired_state" = CASE
    WHEN x.vacant_since IS NOT NULL AND (x.command_id IS NULL OR x.created_at < x.vacant_since) THEN 0
    ELSE coalesce(x.requested_state, spc.status) END
FROM (
  SELECT r.id, c.id AS command_id, c.requested_state, c.created_at,
    CASE WHEN NOT l.is_checked_in THEN (SELECT max(st.checkout_at) FROM stays st WHERE st.location_id = l.id) END
      AS vacant_since
  FROM service_point_capabilities r
  JOIN service_points sp ON sp.id = r.service_point_id
  LEFT JOIN locations l ON l.id = sp.location_id
  LEFT JOIN LATERAL (
    SELECT m.id, m.requested_state, m.created_at FROM device_control_messages m
    WHERE m.service_point_id = r.service_point_id AND (m.capability_id IS NULL OR m.capability_id = r.capability_id)
    ORDER BY m.id DESC LIMIT 1
  ) c ON true
) x
WHERE spc.id = x.id;
