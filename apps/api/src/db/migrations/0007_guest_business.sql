ALTER TABLE "guests" ADD COLUMN "bus_entity_id" integer;--> statement-breakpoint
-- A guest belongs to the business of the properties they stayed at. A guest whose stays span
-- several businesses (an id taken across tenants) is split: each other business gets its own copy.
CREATE TEMP TABLE "guest_businesses" AS
  SELECT DISTINCT st.guest_id, s.bus_entity_id,
    rank() OVER (PARTITION BY st.guest_id ORDER BY s.bus_entity_id) AS nth
  FROM (SELECT DISTINCT guest_id, site_id FROM stays WHERE guest_id IS NOT NULL) st
  JOIN sites s ON s.id = st.site_id;--> statement-breakpoint
UPDATE "guests" g SET bus_entity_id = gb.bus_entity_id
  FROM "guest_businesses" gb WHERE gb.guest_id = g.id AND gb.nth = 1;--> statement-breakpoint
CREATE TEMP TABLE "guest_copies" AS
  SELECT gb.guest_id AS old_id, gb.bus_entity_id, nextval(pg_get_serial_sequence('guests', 'id'))::integer AS new_id
  FROM "guest_businesses" gb WHERE gb.nth > 1;--> statement-breakpoint
INSERT INTO "guests" (id, bus_entity_id, mobile_number, first_name, last_name, email, created_by_user_account_id, created_at)
  SELECT c.new_id, c.bus_entity_id, g.mobile_number, g.first_name, g.last_name, g.email, g.created_by_user_account_id, g.created_at
  FROM "guest_copies" c JOIN "guests" g ON g.id = c.old_id;--> statement-breakpoint
UPDATE "stays" st SET guest_id = c.new_id
  FROM "guest_copies" c, "sites" s
  WHERE st.guest_id = c.old_id AND s.id = st.site_id AND s.bus_entity_id = c.bus_entity_id;--> statement-breakpoint
-- A guest with no stay (none is made that way) goes to its creator's business, or is removed.
UPDATE "guests" g SET bus_entity_id = u.bus_entity_id
  FROM "user_accounts" u WHERE g.bus_entity_id IS NULL AND u.id = g.created_by_user_account_id AND u.bus_entity_id IS NOT NULL;--> statement-breakpoint
DELETE FROM "guests" g WHERE g.bus_entity_id IS NULL;--> statement-breakpoint
DROP TABLE "guest_businesses";--> statement-breakpoint
DROP TABLE "guest_copies";--> statement-breakpoint
ALTER TABLE "guests" ALTER COLUMN "bus_entity_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_bus_entity_id_business_entities_id_fk" FOREIGN KEY ("bus_entity_id") REFERENCES "public"."business_entities"("id") ON DELETE no action ON UPDATE no action;
