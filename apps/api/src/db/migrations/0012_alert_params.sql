ALTER TABLE "system_alerts" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Alerts become data: the figures their text held, in params; the names are read from the meter,
-- its location and property when shown.
UPDATE "system_alerts" a SET "params" = jsonb_build_object('since', to_char(sp.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
  FROM "service_points" sp WHERE a.kind = 'missingDevice' AND sp.id = a.service_point_id;--> statement-breakpoint
UPDATE "system_alerts" SET "params" = jsonb_build_object('usage', m[1]::numeric, 'unit', m[2])
  FROM (SELECT id AS aid, regexp_match(alert_text, 'used ([0-9.]+) (\w+) today') AS m FROM "system_alerts" WHERE kind = 'unbilledUsage') x
  WHERE id = x.aid AND m IS NOT NULL;--> statement-breakpoint
UPDATE "system_alerts" SET "params" = jsonb_build_object('usage', m[1]::numeric, 'unit', 'gal')
  FROM (SELECT id AS aid, regexp_match(alert_text, 'recorded ([0-9.]+) gal') AS m FROM "system_alerts" WHERE kind = 'waterWhileVacant') x
  WHERE id = x.aid AND m IS NOT NULL;--> statement-breakpoint
UPDATE "system_alerts" SET "params" = jsonb_build_object('total', m[1]::numeric, 'at', replace(m[2], ' ', 'T') || ':00Z', 'reference', m[3]::numeric)
  FROM (SELECT id AS aid, regexp_match(alert_text, '(?:read|down to) ([0-9.]+) at ([0-9-]+ [0-9:]+) UTC,? (?:below|and stayed below) ([0-9.]+)') AS m
        FROM "system_alerts" WHERE kind IN ('meterGlitch', 'meterBaseline')) x
  WHERE id = x.aid AND m IS NOT NULL;--> statement-breakpoint
UPDATE "system_alerts" SET "params" = jsonb_build_object('total', m[1]::numeric, 'at', replace(m[2], ' ', 'T') || ':00Z', 'reference', m[3]::numeric, 'usage', m[4]::numeric)
  FROM (SELECT id AS aid, regexp_match(alert_text, 'rolled over to ([0-9.]+) at ([0-9-]+ [0-9:]+) UTC from ([0-9.]+): ([0-9.]+) counted') AS m
        FROM "system_alerts" WHERE kind = 'meterRollover') x
  WHERE id = x.aid AND m IS NOT NULL;
