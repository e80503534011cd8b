CREATE TABLE "artwork_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "artwork_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"artwork_id" integer NOT NULL,
	"kind" text NOT NULL,
	"round" integer,
	"actor_type" text NOT NULL,
	"actor_email" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artwork_proofs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "artwork_proofs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"artwork_id" integer NOT NULL,
	"round" integer NOT NULL,
	"image" "bytea" NOT NULL,
	"stitch_count" integer NOT NULL,
	"thread_colours" jsonb NOT NULL,
	"width_hundredths" integer NOT NULL,
	"height_hundredths" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"link_token_hash" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"decision" text,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"decided_by_email" text,
	"decided_via" text
);
--> statement-breakpoint
CREATE TABLE "artworks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "artworks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"original" "bytea" NOT NULL,
	"preview" "bytea" NOT NULL,
	"preview_is_placeholder" boolean DEFAULT false NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artwork_events" ADD CONSTRAINT "artwork_events_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_proofs" ADD CONSTRAINT "artwork_proofs_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_proofs" ADD CONSTRAINT "artwork_proofs_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artwork_events_artwork_idx" ON "artwork_events" USING btree ("artwork_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "artwork_proofs_round_uq" ON "artwork_proofs" USING btree ("artwork_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "artwork_proofs_link_uq" ON "artwork_proofs" USING btree ("link_token_hash");--> statement-breakpoint
CREATE INDEX "artworks_user_idx" ON "artworks" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "artworks_status_idx" ON "artworks" USING btree ("status","updated_at");