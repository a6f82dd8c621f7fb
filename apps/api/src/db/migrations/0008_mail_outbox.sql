ALTER TABLE "outbox_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_emails_due_idx" ON "outbox_emails" USING btree ("next_attempt_at") WHERE "outbox_emails"."sent_at" is null and "outbox_emails"."failed_at" is null;--> statement-breakpoint
-- Mails from before the outbox job: a failed delivery stays failed; the rest were delivered, or
-- written to the log when no SMTP server was configured, at the time.
UPDATE "outbox_emails" SET "failed_at" = "created_at" WHERE "sent_at" IS NULL AND "error" IS NOT NULL;--> statement-breakpoint
UPDATE "outbox_emails" SET "sent_at" = "created_at" WHERE "sent_at" IS NULL AND "error" IS NULL;
