-- Orders placed through the prepared insert of 7 December 2026 (0aa7a10) stored a missing shipping address as the
-- JSON value null, not SQL NULL (drizzle encodes a null placeholder for a jsonb column as the text 'null'). Both read
-- back as null in the app; here they become the same in SQL too.
UPDATE "orders" SET "shipping_address" = NULL WHERE jsonb_typeof("shipping_address") = 'null';
