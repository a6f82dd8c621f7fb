ALTER TABLE "service_points" ADD COLUMN "connection_state" text;--> statement-breakpoint
ALTER TABLE "service_points" ADD COLUMN "connection_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_points" ADD CONSTRAINT "connection_state_known" CHECK ("service_points"."connection_state" in ('online', 'offline') and ("service_points"."connection_state" is null) = ("service_points"."connection_changed_at" is null));
