CREATE TABLE "department_statement_mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "department_statement_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"department_id" integer NOT NULL,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_tokens" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "monthly_statement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "department_statement_mails" ADD CONSTRAINT "department_statement_mails_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "department_statement_mails_month_uq" ON "department_statement_mails" USING btree ("department_id","month");