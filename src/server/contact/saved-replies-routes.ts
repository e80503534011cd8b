import {
  savedRepliesAnswer,
  savedReplyAnswer,
  savedReplyDeletedAnswer,
  savedReplyInputSchema,
  savedReplyPatchSchema,
} from '../../shared/saved-replies';
import type { App } from '../app-types';
import { idParams } from '../http/params';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from './saved-replies';

// Saved replies: every staff member reads them to insert into a reply; only admins keep the list.
const tags = ['contact'];
const admin = { access: 'admin' as const };

export async function savedRepliesRoutes(app: App) {
  const db = app.deps.db;

  app.get(
    '/contact/saved-replies',
    { config: { access: 'staff' }, schema: { tags, response: { 200: savedRepliesAnswer } } },
    async () => ({ success: true as const, saved_replies: await listSavedReplies(db) }),
  );

  app.post(
    '/contact/saved-replies',
    {
      config: { ...admin, audit: { kind: 'saved_reply.create', entity: 'saved_reply' } },
      schema: { tags, body: savedReplyInputSchema, response: { 201: savedReplyAnswer } },
    },
    async (req, reply) =>
      reply.code(201).send({
        success: true as const,
        message: 'Saved reply added',
        saved_reply: await db.transaction((tx) => createSavedReply(tx, req.body)),
      }),
  );

  app.patch(
    '/contact/saved-replies/:id',
    {
      config: { ...admin, audit: { kind: 'saved_reply.update', entity: 'saved_reply' } },
      schema: { tags, params: idParams, body: savedReplyPatchSchema, response: { 200: savedReplyAnswer } },
    },
    async (req) => ({
      success: true as const,
      message: 'Saved reply updated',
      saved_reply: await db.transaction((tx) => updateSavedReply(tx, req.params.id, req.body)),
    }),
  );

  app.delete(
    '/contact/saved-replies/:id',
    {
      config: { ...admin, audit: { kind: 'saved_reply.delete', entity: 'saved_reply' } },
      schema: { tags, params: idParams, response: { 200: savedReplyDeletedAnswer } },
    },
    async (req) => {
      await db.transaction((tx) => deleteSavedReply(tx, req.params.id));
      return { success: true as const, message: 'Saved reply deleted' };
    },
  );
}
