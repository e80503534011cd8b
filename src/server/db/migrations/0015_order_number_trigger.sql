-- The order number derives from the id (CSU-<year in Arizona>-<id, six digits>), which exists only once the row is
-- inserted: numbering it in the insert itself saves checkout a second statement (the update that followed it).
-- An insert that brings its own number (the seed, imports) keeps it; an empty one is numbered here.
CREATE FUNCTION "orders_number_from_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.order_number = '' THEN
    NEW.order_number := 'CSU-' || to_char(NEW.created_at AT TIME ZONE 'America/Phoenix', 'YYYY') || '-' || lpad(NEW.id::text, 6, '0');
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_number_from_id" BEFORE INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_number_from_id"();
