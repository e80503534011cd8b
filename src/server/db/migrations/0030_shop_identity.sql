ALTER TABLE "settings" ADD COLUMN "trading_name" text DEFAULT 'Copper State Uniforms' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "legal_name" text DEFAULT 'Copper State Uniforms & Embroidery LLC' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "street" text DEFAULT '2150 W Grant St' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "city" text DEFAULT 'Phoenix' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "region" text DEFAULT 'AZ' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "postal_code" text DEFAULT '85009' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "phone" text DEFAULT '(602) 555-0148' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "email" text DEFAULT 'orders@copperstateuniforms.example' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "logo" text;