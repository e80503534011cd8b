import { z } from 'zod';
import { oneSynonymGroupAnswer, synonymGroupSchema, synonymGroupsAnswer } from '../../shared/search-words';
import type { App } from '../app-types';
import { idParams } from '../http/params';
import { createSynonyms, deleteSynonyms, listSynonyms, updateSynonyms } from './synonyms';

const tags = ['admin catalog'];
const okAnswer = z.object({ success: z.literal(true) });

/** The store search's synonym groups: staff read them, admins change them (audited). */
export async function synonymRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/admin/search-synonyms',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "The groups of words the store's search treats as the same garment",
        response: { 200: synonymGroupsAnswer },
      },
    },
    async () => ({ success: true as const, groups: await listSynonyms(db) }),
  );
  app.post(
    '/admin/search-synonyms',
    {
      config: { access: 'admin', audit: { kind: 'search_synonym.create', entity: 'search_synonym' } },
      schema: {
        tags,
        summary: 'Add a group of words that mean the same garment',
        body: synonymGroupSchema,
        response: { 201: oneSynonymGroupAnswer },
      },
    },
    async (req, reply) => reply.code(201).send({ success: true as const, group: await createSynonyms(db, req.body) }),
  );
  app.put(
    '/admin/search-synonyms/:id',
    {
      config: { access: 'admin', audit: { kind: 'search_synonym.update', entity: 'search_synonym' } },
      schema: {
        tags,
        summary: 'Change the words of a group',
        params: idParams,
        body: synonymGroupSchema,
        response: { 200: oneSynonymGroupAnswer },
      },
    },
    async (req) => ({ success: true as const, group: await updateSynonyms(db, req.params.id, req.body) }),
  );
  app.delete(
    '/admin/search-synonyms/:id',
    {
      config: { access: 'admin', audit: { kind: 'search_synonym.delete', entity: 'search_synonym' } },
      schema: { tags, summary: 'Remove a group of words', params: idParams, response: { 200: okAnswer } },
    },
    async (req) => {
      await deleteSynonyms(db, req.params.id);
      return { success: true as const };
    },
  );
}
