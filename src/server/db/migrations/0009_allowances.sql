CREATE TABLE "allowance_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "allowance_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"period_start" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "allowance_overrides" (
	"department_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowance_overrides_department_id_user_id_pk" PRIMARY KEY("department_id","user_id"),
	CONSTRAINT "allowance_overrides_amount" CHECK ("allowance_overrides"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "allowance_cents" integer;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "allowance_period_start" text DEFAULT '01-01' NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "approval_over_allowance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "allowance_ledger" ADD CONSTRAINT "allowance_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_ledger" ADD CONSTRAINT "allowance_ledger_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_ledger" ADD CONSTRAINT "allowance_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_overrides" ADD CONSTRAINT "allowance_overrides_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_overrides" ADD CONSTRAINT "allowance_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allowance_ledger_member_idx" ON "allowance_ledger" USING btree ("user_id","department_id","period_start");--> statement-breakpoint
CREATE INDEX "allowance_ledger_order_idx" ON "allowance_ledger" USING btree ("order_id");