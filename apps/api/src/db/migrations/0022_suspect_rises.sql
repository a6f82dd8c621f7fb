-- A rise no meter can deliver is suspect (docs/decisions.md, "Rises a meter cannot deliver"):
-- each device type has the most it can deliver in an hour, a meter may say otherwise, staff
-- confirm or discard what the readings leave undecided. The rule is now written once, in
-- TypeScript (features/meters/rule.ts): the SQL functions of migration 0006 go, and the stored
-- readings are walked again by the rule meter by meter after start (the 'reclassify meters'
-- job, resumable), each meter's roll-ups moving by the difference and its closed stays reviewed.
-- reading_kind gains two values; an enum value added by ALTER TYPE cannot be used in the
-- transaction that adds it, so the type is made anew and the column moved onto it.
CREATE TYPE "reading_kind_v2" AS ENUM('normal', 'reset', 'drop', 'glitch', 'baseline', 'rollover', 'suspect', 'discarded');--> statement-breakpoint
DROP INDEX "meter_readings_events_idx";--> statement-breakpoint
DROP FUNCTION "meter_reading_usage"("reading_kind", numeric, numeric);--> statement-breakpoint
DROP FUNCTION "meter_reading_kind"(numeric, numeric, boolean, numeric, boolean);--> statement-breakpoint
DROP FUNCTION "meter_reading_ref"(numeric, numeric, boolean, numeric, boolean);--> statement-breakpoint
DROP FUNCTION "meter_register"(numeric);--> statement-breakpoint
ALTER TABLE "meter_readings" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "meter_readings" ALTER COLUMN "kind" SET DATA TYPE "reading_kind_v2" USING "kind"::text::"reading_kind_v2";--> statement-breakpoint
DROP TYPE "reading_kind";--> statement-breakpoint
ALTER TYPE "reading_kind_v2" RENAME TO "reading_kind";--> statement-breakpoint
ALTER TABLE "meter_readings" ALTER COLUMN "kind" SET DEFAULT 'normal';--> statement-breakpoint
-- what staff decided of a rise held back: it counts as it is, or the reading counts for nothing
ALTER TABLE "meter_readings" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "decision_known" CHECK ("meter_readings"."decision" in ('confirmed', 'discarded'));--> statement-breakpoint
CREATE INDEX "meter_readings_events_idx" ON "meter_readings" USING btree ("service_point_id","read_at") WHERE "meter_readings"."kind" <> 'normal';--> statement-breakpoint
ALTER TABLE "device_types" ADD COLUMN "max_rate_per_hour" numeric(12, 3) DEFAULT '12' NOT NULL;--> statement-breakpoint
-- 50 A at 240 V for a pedestal's electric meter, 400 A for a data collector, 20 US gal a minute of water
UPDATE "device_types" SET "max_rate_per_hour" = CASE WHEN "unit" = 'gal' THEN 1200 WHEN "group_id" = 4 THEN 96 ELSE 12 END;--> statement-breakpoint
ALTER TABLE "service_points" ADD COLUMN "max_rate_per_hour" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "device_types" ADD CONSTRAINT "max_rate_positive" CHECK ("device_types"."max_rate_per_hour" > 0);--> statement-breakpoint
ALTER TABLE "service_points" ADD CONSTRAINT "max_rate_positive" CHECK ("service_points"."max_rate_per_hour" > 0);--> statement-breakpoint
CREATE TABLE "statement_reviews" (
	"stay_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"user_account_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_revisions" (
	"stay_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"statement" jsonb NOT NULL,
	"superseded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "statement_revisions_stay_id_revision_pk" PRIMARY KEY("stay_id","revision")
);
--> statement-breakpoint
ALTER TABLE "statement_reviews" ADD CONSTRAINT "statement_reviews_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_revisions" ADD CONSTRAINT "statement_revisions_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_meters_service_point_id_index" ON "stay_meters" USING btree ("service_point_id");--> statement-breakpoint
-- the meters whose stored readings the rule is to walk again (the job takes them a few at a time)
CREATE TABLE "reclassify_queue" (
	"service_point_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO "reclassify_queue" ("service_point_id")
SELECT sp."id" FROM "service_points" sp WHERE EXISTS (SELECT 1 FROM "meter_readings" r WHERE r."service_point_id" = sp."id");
