CREATE TABLE "inbound_mail_ids" (
	"conversation_id" integer NOT NULL,
	"mail_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_mail_ids_conversation_id_mail_id_pk" PRIMARY KEY("conversation_id","mail_id")
);
--> statement-breakpoint
ALTER TABLE "inbound_mail_ids" ADD CONSTRAINT "inbound_mail_ids_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;