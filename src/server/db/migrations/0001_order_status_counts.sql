CREATE TABLE "order_status_counts" (
	"status" "order_status" PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "order_status_counts" ("status", "n")
SELECT s, (SELECT count(*) FROM "orders" o WHERE o."status" = s) FROM unnest(enum_range(NULL::"order_status")) s;
--> statement-breakpoint
-- Runs at commit (deferred), so the counter row is locked only while the transaction commits, not for the whole checkout.
CREATE FUNCTION "order_status_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "order_status_counts" SET "n" = "n" + 1 WHERE "status" = NEW."status";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "order_status_counts" SET "n" = "n" - 1 WHERE "status" = OLD."status";
  ELSIF OLD."status" IS DISTINCT FROM NEW."status" THEN
    -- One statement for both rows, so concurrent changes lock them in the same order.
    UPDATE "order_status_counts" SET "n" = "n" + CASE WHEN "status" = NEW."status" THEN 1 ELSE -1 END
    WHERE "status" IN (OLD."status", NEW."status");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_status_counts" AFTER INSERT OR UPDATE OF "status" OR DELETE ON "orders"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_status_counts_apply"();
