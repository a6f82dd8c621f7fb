CREATE TABLE "sign_in_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_accounts" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "user_accounts" DROP COLUMN "locked_until";