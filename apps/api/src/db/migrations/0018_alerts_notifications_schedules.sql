CREATE TABLE "alert_notifications" (
	"alert_id" integer NOT NULL,
	"user_account_id" integer NOT NULL,
	"delivery" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "alert_notifications_alert_id_user_account_id_pk" PRIMARY KEY("alert_id","user_account_id")
);
--> statement-breakpoint
CREATE TABLE "hourly_usage" (
	"service_point_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"usage" numeric(18, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "hourly_usage_service_point_id_hour_pk" PRIMARY KEY("service_point_id","hour"),
	CONSTRAINT "usage_range" CHECK ("hourly_usage"."usage" between 0 and 999999999999.999999)
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_account_id" integer NOT NULL,
	"alert_type" text NOT NULL,
	"severity" text NOT NULL,
	"delivery" text NOT NULL,
	CONSTRAINT "notification_preferences_user_account_id_alert_type_severity_pk" PRIMARY KEY("user_account_id","alert_type","severity"),
	CONSTRAINT "delivery_kind" CHECK ("notification_preferences"."delivery" in ('now', 'digest', 'none'))
);
--> statement-breakpoint
CREATE TABLE "outbox_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"email_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"period_start" text NOT NULL,
	"period_end" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"rows" integer,
	"file_name" text,
	"error" text,
	"email_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "status_kind" CHECK ("report_runs"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"report_type_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"at_time" time NOT NULL,
	"format" text NOT NULL,
	"recipients" text[] NOT NULL,
	"location_description" text DEFAULT '' NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "frequency_kind" CHECK ("report_schedules"."frequency" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "format_kind" CHECK ("report_schedules"."format" in ('xlsx', 'csv'))
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "leak_gallons_per_hour" numeric(12, 2) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "leak_hours" smallint DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "night_flow_gallons" numeric(12, 2) DEFAULT '5' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "abnormal_multiple" numeric(6, 1) DEFAULT '3' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "vacant_kwh_per_hour" numeric(12, 2) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "unbilled_kwh_per_day" numeric(12, 2) DEFAULT '3' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "unbilled_gallons_per_day" numeric(12, 2) DEFAULT '50' NOT NULL;--> statement-breakpoint
ALTER TABLE "system_alerts" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "system_alerts" ADD COLUMN "acknowledged_by" integer;--> statement-breakpoint
ALTER TABLE "system_alerts" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "system_alerts" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "system_alerts" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_notifications" ADD CONSTRAINT "alert_notifications_alert_id_system_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."system_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_notifications" ADD CONSTRAINT "alert_notifications_user_account_id_user_accounts_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."user_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hourly_usage" ADD CONSTRAINT "hourly_usage_service_point_id_service_points_id_fk" FOREIGN KEY ("service_point_id") REFERENCES "public"."service_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_account_id_user_accounts_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."user_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_email_id_outbox_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."outbox_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_report_type_id_report_types_id_fk" FOREIGN KEY ("report_type_id") REFERENCES "public"."report_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_user_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_notifications_digest_idx" ON "alert_notifications" USING btree ("user_account_id") WHERE "alert_notifications"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "hourly_usage_hour_index" ON "hourly_usage" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "outbox_attachments_email_id_index" ON "outbox_attachments" USING btree ("email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_runs_schedule_id_due_at_index" ON "report_runs" USING btree ("schedule_id","due_at");--> statement-breakpoint
CREATE INDEX "report_schedules_site_id_index" ON "report_schedules" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "report_schedules_next_run_at_index" ON "report_schedules" USING btree ("next_run_at");--> statement-breakpoint
ALTER TABLE "system_alerts" ADD CONSTRAINT "system_alerts_acknowledged_by_user_accounts_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."user_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_alerts" ADD CONSTRAINT "system_alerts_resolved_by_user_accounts_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_alerts_site_created_idx" ON "system_alerts" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "system_alerts_unnotified_idx" ON "system_alerts" USING btree ("created_at") WHERE "system_alerts"."notified_at" is null;--> statement-breakpoint
-- alerts raised before notifications existed are not mailed now
UPDATE "system_alerts" SET "notified_at" = now();
