ALTER TABLE "order_lines" ADD COLUMN "unit_name_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit_us_flag_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit_az_flag_cents" integer;--> statement-breakpoint
-- Data backfill: a line placed before this migration holds only its unit customisation price. When today's per-kind
-- prices add up to it, they are what it was charged (placed since they were set); otherwise it was priced at one price
-- per decoration and an even split is exact (a cent left over, which one price never leaves, goes to its first
-- decoration so the parts always add up to what the customer paid).
UPDATE "order_lines" l SET
  "unit_name_cents" = CASE WHEN p.has_name THEN CASE WHEN p.fits THEN p.name_cost ELSE p.share + p.rest END END,
  "unit_us_flag_cents" = CASE WHEN p.has_us THEN CASE WHEN p.fits THEN p.us_cost WHEN p.has_name THEN p.share ELSE p.share + p.rest END END,
  "unit_az_flag_cents" = CASE WHEN p.has_az THEN CASE WHEN p.fits THEN p.az_cost WHEN p.has_name OR p.has_us THEN p.share ELSE p.share + p.rest END END
FROM (
  SELECT d.id, d.has_name, d.has_us, d.has_az, d.name_cost, d.us_cost, d.az_cost,
    d.unit / d.n AS share, d.unit % d.n AS rest,
    coalesce((CASE WHEN d.has_name THEN d.name_cost ELSE 0 END) + (CASE WHEN d.has_us THEN d.us_cost ELSE 0 END)
      + (CASE WHEN d.has_az THEN d.az_cost ELSE 0 END) = d.unit, false) AS fits
  FROM (
    SELECT x.id, x.unit_customization_cents AS unit, jsonb_array_length(x.customizations) AS n,
      x.customizations @> '[{"type":"add_name"}]' AS has_name,
      x.customizations @> '[{"type":"us_flag"}]' AS has_us,
      x.customizations @> '[{"type":"az_flag"}]' AS has_az,
      s.name_cost_cents AS name_cost, s.us_flag_cost_cents AS us_cost, s.az_flag_cost_cents AS az_cost
    FROM "order_lines" x LEFT JOIN "settings" s ON s.id = 1
    WHERE jsonb_array_length(x.customizations) > 0
  ) d
) p
WHERE p.id = l.id;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_decoration_cents" CHECK (coalesce("order_lines"."unit_name_cents", 0) + coalesce("order_lines"."unit_us_flag_cents", 0) + coalesce("order_lines"."unit_az_flag_cents", 0) = "order_lines"."unit_customization_cents");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_decoration_kinds" CHECK (("order_lines"."unit_name_cents" is not null) = ("order_lines"."customizations" @> '[{"type":"add_name"}]')
        and ("order_lines"."unit_us_flag_cents" is not null) = ("order_lines"."customizations" @> '[{"type":"us_flag"}]')
        and ("order_lines"."unit_az_flag_cents" is not null) = ("order_lines"."customizations" @> '[{"type":"az_flag"}]'));