CREATE TABLE "decoration_kinds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "decoration_kinds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"label" text NOT NULL,
	"price_rule" jsonb NOT NULL,
	"positions" text[] DEFAULT '{}'::text[] NOT NULL,
	"takes_text" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decoration_positions" (
	"key" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Positions today's products use keep their keys and labels; the chest, sleeves and back are new.
INSERT INTO "decoration_positions" ("key", "label", "sort_order") VALUES
  ('left_side', 'Left', 10), ('right_side', 'Right', 20), ('left_chest', 'Left chest', 30),
  ('right_chest', 'Right chest', 40), ('left_sleeve', 'Left sleeve', 50), ('right_sleeve', 'Right sleeve', 60),
  ('back', 'Back', 70), ('front', 'Front', 80), ('left_leg', 'Left leg', 90), ('right_leg', 'Right leg', 100);--> statement-breakpoint
-- SPEC's three kinds, at the prices the settings hold now (600 cents each on a database not yet seeded).
INSERT INTO "decoration_kinds" ("key", "label", "price_rule", "positions", "takes_text", "sort_order")
SELECT k.key, k.label, jsonb_build_object('kind', 'flat', 'cents', coalesce(k.cents, 600)),
  ARRAY['left_side', 'right_side', 'front', 'left_leg', 'right_leg'], k.key = 'add_name', k.sort_order
FROM (VALUES
  ('add_name', 'Embroidered name', (SELECT "name_cost_cents" FROM "settings" WHERE "id" = 1), 10),
  ('us_flag', 'US flag patch', (SELECT "us_flag_cost_cents" FROM "settings" WHERE "id" = 1), 20),
  ('az_flag', 'Arizona flag patch', (SELECT "az_flag_cost_cents" FROM "settings" WHERE "id" = 1), 30)
) AS k("key", "label", "cents", "sort_order");--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_decoration_cents";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_decoration_kinds";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "decorations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "decoration_kinds_key_uq" ON "decoration_kinds" USING btree ("key");--> statement-breakpoint
-- Every placed line keeps its decorations with the unit price it was charged (the per-kind columns, which add up to
-- the line's customisation price), in the order the line lists them: no line or order total changes.
UPDATE "order_lines" l SET "decorations" = d.list
FROM (
  SELECT x."id", jsonb_agg(jsonb_build_object(
      'kind', c->>'type',
      'label', coalesce(k."label", c->>'type'),
      'position', c->>'position',
      'text', coalesce(c->'text', 'null'::jsonb),
      'unit_cents', CASE c->>'type'
        WHEN 'add_name' THEN x."unit_name_cents"
        WHEN 'us_flag' THEN x."unit_us_flag_cents"
        WHEN 'az_flag' THEN x."unit_az_flag_cents" END
    ) ORDER BY o.n) AS list
  FROM "order_lines" x
  CROSS JOIN LATERAL jsonb_array_elements(x."customizations") WITH ORDINALITY AS o(c, n)
  LEFT JOIN "decoration_kinds" k ON k."key" = c->>'type'
  GROUP BY x."id"
) d
WHERE d."id" = l."id";