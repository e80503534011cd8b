CREATE TABLE "message_status_counts" (
	"status" "message_status" PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "messages_pending_idx" ON "messages" USING btree ("conversation_id") WHERE "messages"."status" = 'pending' and "messages"."direction" = 'inbound';--> statement-breakpoint
INSERT INTO "message_status_counts" ("status", "n")
SELECT s, (SELECT count(*) FROM "messages" m WHERE m."direction" = 'inbound' AND m."status" = s) FROM unnest(enum_range(NULL::"message_status")) s;
--> statement-breakpoint
-- Like orders_status_counts: applied at commit, one statement for both rows of a change.
CREATE FUNCTION "message_status_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_s "message_status";
  new_s "message_status";
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."direction" = 'inbound' THEN old_s := OLD."status"; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."direction" = 'inbound' THEN new_s := NEW."status"; END IF;
  IF old_s IS DISTINCT FROM new_s THEN
    UPDATE "message_status_counts" SET "n" = "n" + CASE WHEN "status" = new_s THEN 1 ELSE -1 END
    WHERE "status" IN (old_s, new_s);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "messages_status_counts" AFTER INSERT OR UPDATE OF "status", "direction" OR DELETE ON "messages"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "message_status_counts_apply"();
