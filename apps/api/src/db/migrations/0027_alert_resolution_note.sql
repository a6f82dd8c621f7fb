-- The note of whoever resolved an alert, beside the acknowledgement's: resolving with a note used to replace it.
ALTER TABLE "system_alerts" ADD COLUMN "resolution_note" text;
