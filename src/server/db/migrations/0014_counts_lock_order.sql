-- A status change moves one count from its old row to its new one. One UPDATE of both rows locked them in the order
-- its scan met them, which changes as the rows are rewritten: two changes committing at once could each hold one row
-- and wait for the other, and the commit failed with "deadlock detected" (a bulk status move beside other staff
-- moving orders, npm run test:load). The rows are now updated one at a time in the enum's order, the same for all.
CREATE OR REPLACE FUNCTION "order_status_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "order_status_counts" SET "n" = "n" + 1 WHERE "status" = NEW."status";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "order_status_counts" SET "n" = "n" - 1 WHERE "status" = OLD."status";
  ELSIF OLD."status" IS DISTINCT FROM NEW."status" THEN
    UPDATE "order_status_counts" SET "n" = "n" + CASE WHEN "status" = NEW."status" THEN 1 ELSE -1 END
    WHERE "status" = LEAST(OLD."status", NEW."status");
    UPDATE "order_status_counts" SET "n" = "n" + CASE WHEN "status" = NEW."status" THEN 1 ELSE -1 END
    WHERE "status" = GREATEST(OLD."status", NEW."status");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The same for messages; LEAST and GREATEST skip a null, so a count that only arrives or only leaves is one row.
CREATE OR REPLACE FUNCTION "message_status_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_s "message_status";
  new_s "message_status";
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."direction" = 'inbound' THEN old_s := OLD."status"; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."direction" = 'inbound' THEN new_s := NEW."status"; END IF;
  IF old_s IS DISTINCT FROM new_s THEN
    UPDATE "message_status_counts" SET "n" = "n" + CASE WHEN "status" = new_s THEN 1 ELSE -1 END
    WHERE "status" = LEAST(old_s, new_s);
    IF old_s IS NOT NULL AND new_s IS NOT NULL THEN
      UPDATE "message_status_counts" SET "n" = "n" + CASE WHEN "status" = new_s THEN 1 ELSE -1 END
      WHERE "status" = GREATEST(old_s, new_s);
    END IF;
  END IF;
  RETURN NULL;
END $$;
