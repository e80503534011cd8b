import { asc, eq } from 'drizzle-orm';
import type { SynonymGroup, SynonymGroupInput } from '../../shared/search-words';
import type { Db, Executor } from '../db/client';
import { searchSynonyms } from '../db/schema';
import { notFound } from '../http/errors';
import { invalidateCatalog } from './service';

// The synonym groups staff keep for the store's search (docs/product.md#search-in-the-trades-words). The store gets
// them with the catalogue, so a change drops the catalogue's cache like a product change does.

export const SYNONYMS_NOT_FOUND = 'That group of words was not found';

export type SynonymRow = { id: number; words: string[] };

export const listSynonyms = (db: Executor): Promise<SynonymRow[]> =>
  db
    .select({ id: searchSynonyms.id, words: searchSynonyms.words })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.id));

/** The groups as the store's search uses them. */
export const synonymGroups = async (db: Executor): Promise<SynonymGroup[]> =>
  (await listSynonyms(db)).map((r) => r.words);

export async function createSynonyms(db: Db, body: SynonymGroupInput): Promise<SynonymRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(searchSynonyms)
      .values({ words: body.words })
      .returning({ id: searchSynonyms.id, words: searchSynonyms.words });
    invalidateCatalog(db);
    return row!;
  });
}

export async function updateSynonyms(db: Db, id: number, body: SynonymGroupInput): Promise<SynonymRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(searchSynonyms)
      .set({ words: body.words, updatedAt: new Date() })
      .where(eq(searchSynonyms.id, id))
      .returning({ id: searchSynonyms.id, words: searchSynonyms.words });
    if (!row) throw notFound(SYNONYMS_NOT_FOUND);
    invalidateCatalog(db);
    return row;
  });
}

export async function deleteSynonyms(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ id: searchSynonyms.id });
    if (!gone.length) throw notFound(SYNONYMS_NOT_FOUND);
    invalidateCatalog(db);
  });
}
