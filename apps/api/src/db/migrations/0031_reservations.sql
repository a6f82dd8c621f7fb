CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"location_description" text NOT NULL,
	"location_id" integer,
	"arrival" timestamp with time zone NOT NULL,
	"departure" timestamp with time zone NOT NULL,
	"guest" jsonb NOT NULL,
	"status" text NOT NULL,
	"conflict" text,
	"api_key_id" integer,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_site_id_external_id_index" ON "reservations" USING btree ("site_id","external_id");--> statement-breakpoint
CREATE INDEX "reservations_site_id_arrival_index" ON "reservations" USING btree ("site_id","arrival");--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "reservation_check_in" text DEFAULT 'whenArrived' NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "reservation_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "stays_one_per_reservation" ON "stays" USING btree ("reservation_id") WHERE "stays"."reservation_id" is not null;
