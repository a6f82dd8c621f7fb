ALTER TABLE "service_points" ALTER COLUMN "device_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "service_points" ADD COLUMN "read_by_hand" boolean GENERATED ALWAYS AS ("service_points"."device_key" is null) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD COLUMN "estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "route_position" integer;--> statement-breakpoint
CREATE TABLE "reading_photos" (
	"service_point_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"user_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_photos_service_point_id_read_at_pk" PRIMARY KEY("service_point_id","read_at"),
	CONSTRAINT "photo_type_known" CHECK ("reading_photos"."content_type" in ('image/jpeg', 'image/png'))
);
--> statement-breakpoint
ALTER TABLE "reading_photos" ADD CONSTRAINT "reading_photos_service_point_id_service_points_id_fk" FOREIGN KEY ("service_point_id") REFERENCES "public"."service_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_photos" ADD CONSTRAINT "reading_photos_user_account_id_user_accounts_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."user_accounts"("id") ON DELETE no action ON UPDATE no action;
