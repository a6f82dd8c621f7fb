CREATE TABLE "site_daily_usage" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"kwh" numeric(18, 6) DEFAULT '0' NOT NULL,
	"gallons" numeric(18, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "site_daily_usage_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
ALTER TABLE "site_daily_usage" ADD CONSTRAINT "site_daily_usage_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "site_daily_usage" ("site_id", "day", "kwh", "gallons")
SELECT l."site_id", d."day",
  coalesce(sum(d."usage") FILTER (WHERE dt."unit" = 'kWh'), 0),
  coalesce(sum(d."usage") FILTER (WHERE dt."unit" = 'gal'), 0)
FROM "daily_usage" d
JOIN "service_points" sp ON sp."id" = d."service_point_id"
JOIN "locations" l ON l."id" = sp."location_id"
JOIN "device_types" dt ON dt."id" = sp."device_type_id"
GROUP BY l."site_id", d."day";
