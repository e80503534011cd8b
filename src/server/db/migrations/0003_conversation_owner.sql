DROP INDEX "conversations_email_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_guest_email_uq" ON "conversations" USING btree ("email") WHERE user_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_user_uq" ON "conversations" USING btree ("user_id") WHERE user_id is not null;