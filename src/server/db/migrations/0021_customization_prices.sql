ALTER TABLE "settings" ADD COLUMN "name_cost_cents" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "us_flag_cost_cents" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "az_flag_cost_cents" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
-- Data backfill: each decoration kind starts at the single price it replaces.
UPDATE "settings" SET "name_cost_cents" = "customization_cost_cents", "us_flag_cost_cents" = "customization_cost_cents", "az_flag_cost_cents" = "customization_cost_cents";--> statement-breakpoint
-- Data backfill: the starter caps take a front name only and the starter pants a name on the left leg,
-- unless staff already changed what they take. Order lines keep their stored placements.
UPDATE "products" SET "customizations" = '[{"type":"add_name","sides":["front"]}]'::jsonb WHERE "slug" LIKE 'structured-cap-%' AND "customizations" = '[{"type":"add_name","sides":["left_side","right_side"]},{"type":"us_flag","sides":["left_side","right_side"]},{"type":"az_flag","sides":["left_side","right_side"]}]'::jsonb;--> statement-breakpoint
UPDATE "products" SET "customizations" = '[{"type":"add_name","sides":["left_leg"]}]'::jsonb WHERE "slug" LIKE 'ems-pants-%' AND "customizations" = '[{"type":"add_name","sides":["left_side","right_side"]},{"type":"us_flag","sides":["left_side","right_side"]},{"type":"az_flag","sides":["left_side","right_side"]}]'::jsonb;
