ALTER TABLE "audit_log" ADD COLUMN "actor" text;--> statement-breakpoint
UPDATE "audit_log" SET "actor" = CASE WHEN "user_account_id" IS NULL THEN 'unrecorded' ELSE 'user:' || "user_account_id" END;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "actor" SET NOT NULL;
