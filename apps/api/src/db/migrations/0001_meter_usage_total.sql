ALTER TABLE "service_points" ADD COLUMN "usage_total" numeric(18, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "service_points" sp SET "usage_total" = coalesce((SELECT sum(d."usage") FROM "daily_usage" d WHERE d."service_point_id" = sp."id"), 0);
