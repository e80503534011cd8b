import { z } from 'zod';
import {
  conversationsAnswer,
  markReadAnswer,
  messageAnswer,
  messagesAnswer,
  replySchema,
  replySentAnswer,
  statisticsAnswer,
  threadAnswer,
} from '../../shared/contact';
import type { App } from '../app-types';
import { conversationQuerySchema, contactStatistics, listConversations } from './conversations';
import { pagination } from './dto';
import {
  getMessage,
  getThread,
  getThreadOfMessage,
  listMessages,
  markRead,
  messageQuerySchema,
  patchMessage,
  patchSchema,
  sendReply,
} from './staff';
import { idParams } from '../http/params';

// Staff message centre (docs/architecture.md#the-api Contact). Every :id is a message id, except GET /contact/thread/:id, which
// takes a conversation id (the id in /admin/messages/:threadId); GET /contact/:id/thread is the thread of a message.
const staff = { access: 'staff' as const };
const tags = ['contact'];

export async function contactStaffRoutes(app: App) {
  const db = app.deps.db;

  app.get(
    '/contact/',
    { config: staff, schema: { tags, querystring: messageQuerySchema, response: { 200: messagesAnswer } } },
    async (req) => {
      const [list, statistics] = await Promise.all([listMessages(db, req.query), contactStatistics(db)]);
      return {
        success: true as const,
        messages: list.messages,
        statistics,
        pagination: pagination(req.query.page, req.query.per_page, list.total),
      };
    },
  );

  app.get(
    '/contact/conversations',
    {
      config: staff,
      schema: {
        tags,
        querystring: conversationQuerySchema,
        response: { 200: conversationsAnswer },
      },
    },
    async (req) => {
      const [list, statistics] = await Promise.all([listConversations(db, req.query), contactStatistics(db)]);
      return {
        success: true as const,
        conversations: list.conversations,
        statistics,
        pagination: pagination(req.query.page, req.query.per_page, list.total),
      };
    },
  );

  for (const url of ['/contact/stats/', '/contact/stats']) {
    app.get(
      url,
      { config: staff, schema: { tags, hide: url === '/contact/stats', response: { 200: statisticsAnswer } } },
      async () => ({
        success: true as const,
        statistics: await contactStatistics(db),
      }),
    );
  }

  app.get(
    '/contact/thread/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Thread of a conversation (conversation id)',
        params: idParams,
        response: { 200: threadAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await getThread(db, req.params.id)),
    }),
  );

  app.get(
    '/contact/:id/thread',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Thread containing a message (message id)',
        params: idParams,
        response: { 200: threadAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await getThreadOfMessage(db, req.params.id)),
    }),
  );

  app.get(
    '/contact/:id',
    { config: staff, schema: { tags, params: idParams, response: { 200: messageAnswer } } },
    async (req) => ({
      success: true as const,
      message: await getMessage(db, req.params.id),
    }),
  );

  app.put(
    '/contact/:id/read',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Mark read: the message, or with scope "conversation" every pending message of its conversation',
        params: idParams,
        body: z.object({ scope: z.enum(['message', 'conversation']).default('message') }).default({ scope: 'message' }),
        response: { 200: markReadAnswer },
      },
    },
    async (req) => {
      const updated = await markRead(db, req.params.id, req.body.scope);
      const [message, statistics] = await Promise.all([getMessage(db, req.params.id), contactStatistics(db)]);
      return { success: true as const, updated, message, statistics };
    },
  );

  app.post(
    '/contact/:id/send-reply',
    { config: staff, schema: { tags, params: idParams, body: replySchema, response: { 201: replySentAnswer } } },
    async (req, reply) => {
      const user = (await req.currentUser())!;
      const sent = await sendReply(db, { messageId: req.params.id, staff: user, input: req.body });
      return reply.code(201).send({ success: true as const, message: 'Reply sent', reply: sent });
    },
  );

  app.patch(
    '/contact/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Archive or unarchive the conversation, or set the message status',
        params: idParams,
        body: patchSchema,
        response: { 200: messageAnswer },
      },
    },
    async (req) => ({ success: true as const, message: await patchMessage(db, req.params.id, req.body) }),
  );
}
