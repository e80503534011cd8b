ALTER TABLE "orders" ADD COLUMN "adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Orders placed before adjustments existed get theirs from the figures they froze (tax, exemption, shipping).
UPDATE "orders" SET "adjustments" =
  jsonb_build_array(jsonb_build_object('kind', 'tax', 'label', 'Tax (' || to_char("tax_rate_ppm" / 10000.0, 'FM990.0') || '%)', 'amountCents', "tax_cents"))
  || CASE WHEN "tax_exempt_reason" IS NOT NULL
       THEN jsonb_build_array(jsonb_build_object('kind', 'tax_exemption', 'label', "tax_exempt_reason", 'amountCents', 0))
       ELSE '[]'::jsonb END
  || jsonb_build_array(jsonb_build_object('kind', 'shipping', 'label', CASE WHEN "fulfillment" = 'shipping' THEN 'Shipping' ELSE 'Pickup at the shop' END, 'amountCents', "shipping_cents"))
WHERE "adjustments" = '[]'::jsonb;
