CREATE TABLE "broker_drops" (
	"topic" text PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "system_alerts_one_open_unmetered" ON "system_alerts" USING btree ("kind") WHERE "system_alerts"."resolved_at" is null and "system_alerts"."service_point_id" is null;
