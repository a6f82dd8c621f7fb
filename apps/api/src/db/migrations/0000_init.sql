CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_account_id" integer,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "business_entities" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capabilities" (
	"id" integer PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"capability_type" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"cell_phone" text,
	"business_phone" text,
	"business_ext" text
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"iso2" text NOT NULL,
	CONSTRAINT "countries_iso2_unique" UNIQUE("iso2")
);
--> statement-breakpoint
CREATE TABLE "daily_usage" (
	"service_point_id" integer NOT NULL,
	"day" date NOT NULL,
	"usage" numeric(18, 6) DEFAULT '0' NOT NULL,
	"first_reading" numeric(18, 6) NOT NULL,
	"last_reading" numeric(18, 6) NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_usage_service_point_id_day_pk" PRIMARY KEY("service_point_id","day")
);
--> statement-breakpoint
CREATE TABLE "device_control_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"service_point_id" integer NOT NULL,
	"capability_id" integer,
	"requested_state" smallint NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"result_code" integer,
	"requested_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"response_received_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_type_capabilities" (
	"device_type_id" integer NOT NULL,
	"capability_id" integer NOT NULL,
	CONSTRAINT "device_type_capabilities_device_type_id_capability_id_pk" PRIMARY KEY("device_type_id","capability_id")
);
--> statement-breakpoint
CREATE TABLE "device_type_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"group_id" integer NOT NULL,
	"unit" text NOT NULL,
	"supports_reset_reading" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"email" text,
	"created_by_user_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"description" text NOT NULL,
	"public_name" text NOT NULL,
	"account_number" text,
	"location_type_id" integer,
	"is_checked_in" boolean DEFAULT false NOT NULL,
	"auto_checkout_at" timestamp with time zone,
	"is_retry_state" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_readings" (
	"service_point_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"total" numeric(18, 6) NOT NULL,
	"is_reset" boolean DEFAULT false NOT NULL,
	CONSTRAINT "meter_readings_service_point_id_read_at_pk" PRIMARY KEY("service_point_id","read_at")
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "partners_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_account_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"column_headers" text NOT NULL,
	"display_order" integer NOT NULL,
	"stored_procedure_called" text NOT NULL,
	"needs_location" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_point_capabilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_point_id" integer NOT NULL,
	"capability_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"api_capability_response" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"device_key" text NOT NULL,
	"device_type_id" integer NOT NULL,
	"location_id" integer,
	"slot" smallint,
	"active_ind" smallint DEFAULT 1 NOT NULL,
	"exclude_from_monitoring" boolean DEFAULT false NOT NULL,
	"is_missing_device" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_reading" numeric(18, 6),
	"last_reading_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_with_location" CHECK (("service_points"."location_id" is null) = ("service_points"."slot" is null) and ("service_points"."slot" is null or "service_points"."slot" in (1, 2))),
	CONSTRAINT "name_length" CHECK (char_length("service_points"."name") = 7),
	CONSTRAINT "active_ind_range" CHECK ("service_points"."active_ind" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "site_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"partner_property_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"week_start" smallint DEFAULT 1 NOT NULL,
	"billing_rate" numeric(12, 2) DEFAULT '0' NOT NULL,
	"water_billing_rate" numeric(12, 2) DEFAULT '0' NOT NULL,
	"day_start" time DEFAULT '09:00' NOT NULL,
	"day_end" time DEFAULT '18:00' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "week_start_range" CHECK ("site_settings"."week_start" between 1 and 7),
	CONSTRAINT "day_order" CHECK ("site_settings"."day_end" >= "site_settings"."day_start")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"bus_entity_id" integer NOT NULL,
	"public_name" text NOT NULL,
	"billing_name" text,
	"physical_addr_line1" text NOT NULL,
	"physical_addr_line2" text,
	"physical_city" text NOT NULL,
	"physical_zip" text NOT NULL,
	"physical_state_id" integer NOT NULL,
	"physical_country_id" integer NOT NULL,
	"billing_addr_line1" text,
	"billing_addr_line2" text,
	"billing_city" text,
	"billing_zip" text,
	"billing_state_id" integer,
	"billing_country_id" integer,
	"time_zone" text NOT NULL,
	"default_checkout_time" time DEFAULT '11:00' NOT NULL,
	"exclude_from_monitoring" boolean DEFAULT false NOT NULL,
	"in_check_out_state" boolean DEFAULT false NOT NULL,
	"property_key" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"abbreviation" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stay_meters" (
	"stay_id" integer NOT NULL,
	"service_point_id" integer NOT NULL,
	"opening_reading" numeric(18, 6),
	"closing_reading" numeric(18, 6),
	"usage" numeric(18, 6),
	CONSTRAINT "stay_meters_stay_id_service_point_id_pk" PRIMARY KEY("stay_id","service_point_id")
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"guest_id" integer,
	"checkin_at" timestamp with time zone NOT NULL,
	"checkout_at" timestamp with time zone,
	"auto_checkout_at" timestamp with time zone,
	"checked_in_by_user_id" integer,
	"checked_out_by_user_id" integer,
	"total_usage" numeric(18, 6)
);
--> statement-breakpoint
CREATE TABLE "system_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"alert_text" text NOT NULL,
	"site_id" integer,
	"service_point_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "time_zones" (
	"name" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_account_sites" (
	"user_account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "user_account_sites_user_account_id_site_id_pk" PRIMARY KEY("user_account_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "user_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"email" text NOT NULL,
	"username" text,
	"password_hash" text,
	"role_id" smallint NOT NULL,
	"bus_entity_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_usage" ADD CONSTRAINT "daily_usage_service_point_id_service_points_id_fk" FOREIGN KEY ("service_point_id") REFERENCES "public"."service_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_control_messages" ADD CONSTRAINT "device_control_messages_service_point_id_service_points_id_fk" FOREIGN KEY ("service_point_id") REFERENCES "public"."service_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_control_messages" ADD CONSTRAINT "device_control_messages_capability_id_capabilities_id_fk" FOREIGN KEY ("capability_id") REFERENCES "public"."capabilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_capabilities" ADD CONSTRAINT "device_type_capabilities_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_capabilities" ADD CONSTRAINT "device_type_capabilities_capability_id_capabilities_id_fk" FOREIGN KEY ("capability_id") REFERENCES "public"."capabilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_types" ADD CONSTRAINT "device_types_group_id_device_type_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_type_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_location_type_id_location_types_id_fk" FOREIGN KEY ("location_type_id") REFERENCES "public"."location_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_service_point_id_service_points_id_fk" FOREIGN KEY ("service_point_id") REFERENCES "public"."service_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_account_id_user_accounts_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."user_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_point_capabilities" ADD CONSTRAINT "service_point_capabilities_service_point_id_service_points_id_fk" FOREIGN KEY ("service_point_id") REFERENCES "public"."service_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_point_capabilities" ADD CONSTRAINT "service_point_capabilities_capability_id_capabilities_id_fk" FOREIGN KEY ("capability_id") REFERENCES "public"."capabilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_points" ADD CONSTRAINT "service_points_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_points" ADD CONSTRAINT "service_points_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_integrations" ADD CONSTRAINT "site_integrations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_integrations" ADD CONSTRAINT "site_integrations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_bus_entity_id_business_entities_id_fk" FOREIGN KEY ("bus_entity_id") REFERENCES "public"."business_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_physical_state_id_states_id_fk" FOREIGN KEY ("physical_state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_physical_country_id_countries_id_fk" FOREIGN KEY ("physical_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_billing_state_id_states_id_fk" FOREIGN KEY ("billing_state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_billing_country_id_countries_id_fk" FOREIGN KEY ("billing_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_time_zone_time_zones_name_fk" FOREIGN KEY ("time_zone") REFERENCES "public"."time_zones"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_meters" ADD CONSTRAINT "stay_meters_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_meters" ADD CONSTRAINT "stay_meters_service_point_id_service_points_id_fk" FOREIGN KEY ("service_point_id") REFERENCES "public"."service_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_alerts" ADD CONSTRAINT "system_alerts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_alerts" ADD CONSTRAINT "system_alerts_service_point_id_service_points_id_fk" FOREIGN KEY ("service_point_id") REFERENCES "public"."service_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account_sites" ADD CONSTRAINT "user_account_sites_user_account_id_user_accounts_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."user_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account_sites" ADD CONSTRAINT "user_account_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_bus_entity_id_business_entities_id_fk" FOREIGN KEY ("bus_entity_id") REFERENCES "public"."business_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_type_entity_id_index" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_index" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "business_entities_legal_name_key" ON "business_entities" USING btree (lower("legal_name"));--> statement-breakpoint
CREATE INDEX "daily_usage_day_index" ON "daily_usage" USING btree ("day");--> statement-breakpoint
CREATE INDEX "device_control_messages_service_point_id_id_index" ON "device_control_messages" USING btree ("service_point_id","id");--> statement-breakpoint
CREATE INDEX "device_control_messages_open_idx" ON "device_control_messages" USING btree ("state") WHERE "device_control_messages"."state" in ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "guests_mobile_idx" ON "guests" USING btree ("mobile_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "locations_site_id_description_index" ON "locations" USING btree ("site_id","description");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_public_name_key" ON "locations" USING btree (upper("public_name"));--> statement-breakpoint
CREATE INDEX "locations_auto_checkout_idx" ON "locations" USING btree ("auto_checkout_at") WHERE "locations"."is_checked_in" and "locations"."auto_checkout_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "password_tokens_token_hash_index" ON "password_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "service_point_capabilities_service_point_id_capability_id_index" ON "service_point_capabilities" USING btree ("service_point_id","capability_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_points_name_index" ON "service_points" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "service_points_device_key_index" ON "service_points" USING btree ("device_key");--> statement-breakpoint
CREATE UNIQUE INDEX "service_points_location_id_slot_index" ON "service_points" USING btree ("location_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "site_integrations_site_id_partner_id_index" ON "site_integrations" USING btree ("site_id","partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_settings_site_id_index" ON "site_settings" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "sites_bus_entity_id_index" ON "sites" USING btree ("bus_entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_property_key_index" ON "sites" USING btree ("property_key");--> statement-breakpoint
CREATE UNIQUE INDEX "states_country_id_abbreviation_index" ON "states" USING btree ("country_id","abbreviation");--> statement-breakpoint
CREATE INDEX "stays_location_id_checkin_at_index" ON "stays" USING btree ("location_id","checkin_at");--> statement-breakpoint
CREATE INDEX "stays_site_id_checkin_at_index" ON "stays" USING btree ("site_id","checkin_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stays_one_open_per_location" ON "stays" USING btree ("location_id") WHERE "stays"."checkout_at" is null;--> statement-breakpoint
CREATE INDEX "system_alerts_open_idx" ON "system_alerts" USING btree ("site_id") WHERE "system_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "system_alerts_one_open" ON "system_alerts" USING btree ("kind","service_point_id") WHERE "system_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "user_account_sites_site_id_index" ON "user_account_sites" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_accounts_email_key" ON "user_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_accounts_username_key" ON "user_accounts" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_accounts_contact_id_index" ON "user_accounts" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "user_accounts_bus_entity_id_index" ON "user_accounts" USING btree ("bus_entity_id");