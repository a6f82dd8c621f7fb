-- Outside recipients of scheduled reports, and whether they confirmed (features/schedules/recipients.ts).
-- The outside addresses of the schedules saved before have no row: they get nothing until the
-- schedule is saved again, which mails them the link to confirm.
CREATE TABLE "report_recipients" (
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "report_recipients_site_id_email_pk" PRIMARY KEY("site_id","email")
);
--> statement-breakpoint
ALTER TABLE "report_recipients" ADD CONSTRAINT "report_recipients_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "report_recipients_token_hash_index" ON "report_recipients" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "report_recipients_invited_at_index" ON "report_recipients" USING btree ("invited_at");
--> statement-breakpoint
-- Idempotency keys are now claimed in the write's own transaction. A claim the old code left
-- without an answer says nothing of whether its write happened: it goes, so a retry runs again.
DELETE FROM "idempotency_keys" WHERE "status" IS NULL;
