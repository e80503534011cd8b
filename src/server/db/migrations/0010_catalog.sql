CREATE TABLE "media" (
	"path" text PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "unit_cents_at_add" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "customizations" jsonb DEFAULT '[{"type":"add_name","sides":["left_side","right_side"]},{"type":"us_flag","sides":["left_side","right_side"]},{"type":"az_flag","sides":["left_side","right_side"]}]'::jsonb NOT NULL;