-- One tariff version per property and moment. Versions that already share a moment are
-- resolved first: the one created last stays (ties: the highest id, the one running statements
-- used), the others are deleted. Frozen statements keep the figures and the version id they had.
DELETE FROM "tariff_versions" tv USING "tariff_versions" later
WHERE later."site_id" = tv."site_id" AND later."effective_from" = tv."effective_from"
  AND (later."created_at", later."id") > (tv."created_at", tv."id");
--> statement-breakpoint
DROP INDEX "tariff_versions_site_from";
--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_versions_site_moment" ON "tariff_versions" USING btree ("site_id","effective_from");
--> statement-breakpoint
-- Guest links: only a hash of a token is stored. A new link's token is derived from the server's
-- secret and the stay's link generation (features/billing/links.ts); the random tokens given out
-- before keep working through their hash, beside the derived link staff see from now on.
ALTER TABLE "stays" ADD COLUMN "statement_link_generation" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "statement_token_hash" text;
--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "statement_legacy_token_hash" text;
--> statement-breakpoint
UPDATE "stays" SET "statement_legacy_token_hash" = encode(sha256(convert_to("statement_token", 'UTF8')), 'hex')
WHERE "statement_token" IS NOT NULL AND "statement_revoked_at" IS NULL;
--> statement-breakpoint
DROP INDEX "stays_statement_token";
--> statement-breakpoint
ALTER TABLE "stays" DROP COLUMN "statement_token";
--> statement-breakpoint
CREATE UNIQUE INDEX "stays_statement_token_hash" ON "stays" USING btree ("statement_token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "stays_statement_legacy_token_hash" ON "stays" USING btree ("statement_legacy_token_hash");
