ALTER TABLE "sessions" ADD COLUMN "newest_used_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "newest_used_at" = "refreshed_at";