CREATE TABLE "tariff_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"electric_rate" numeric(11, 6) NOT NULL,
	"water_rate" numeric(11, 6) NOT NULL,
	"electric_blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"minimum_charge" numeric(9, 2),
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariff_rates_range" CHECK ("tariff_versions"."electric_rate" >= 0 and "tariff_versions"."water_rate" >= 0 and coalesce("tariff_versions"."minimum_charge", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "statement_token" text;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "statement_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "statement" jsonb;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "statement_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "tariff_versions" ADD CONSTRAINT "tariff_versions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tariff_versions_site_from" ON "tariff_versions" USING btree ("site_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "stays_statement_token" ON "stays" USING btree ("statement_token");--> statement-breakpoint
-- Every property starts with the rates of its settings, in effect for all its stays so far.
INSERT INTO "tariff_versions" ("site_id", "effective_from", "electric_rate", "water_rate")
SELECT s."id", timestamptz '2000-01-01 00:00:00+00', coalesce(ss."billing_rate", 0), coalesce(ss."water_billing_rate", 0)
FROM "sites" s LEFT JOIN "site_settings" ss ON ss."site_id" = s."id";
