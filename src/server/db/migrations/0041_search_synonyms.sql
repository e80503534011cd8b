CREATE TABLE "search_synonyms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_synonyms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"words" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The trade's words the shop starts with (src/shared/search-words.ts SEED_SYNONYMS); staff edit them in Catalogue.
INSERT INTO "search_synonyms" ("words") VALUES
	('{hat,cap,"ball cap","baseball cap",headwear}'),
	('{tee,tshirt,t-shirt}'),
	('{"work shirt","job shirt","uniform shirt","button shirt",button-down}'),
	('{jacket,coat,outerwear,softshell}'),
	('{polo,"golf shirt","collared shirt"}'),
	('{hoodie,sweatshirt,"hooded sweatshirt",pullover}'),
	('{pants,trousers,"cargo pants",slacks}'),
	('{"long sleeve",longsleeve,long-sleeve}');
