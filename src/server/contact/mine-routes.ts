import { customerReplySchema, myConversationsAnswer, myReplyAnswer, myThreadAnswer } from '../../shared/my-messages';
import type { App } from '../app-types';
import { idParams } from '../http/params';
import { getMine, listMine, replyMine } from './mine';

// A signed-in customer's own conversations (docs/architecture.md#the-api). Every :id is a conversation id of theirs.
const customer = { access: 'customer' as const };
const tags = ['contact'];

export async function contactMineRoutes(app: App) {
  const db = app.deps.db;

  app.get(
    '/contact/mine',
    {
      config: customer,
      schema: {
        tags,
        summary: "The caller's conversations, newest activity first, with staff messages they have not seen",
        response: { 200: myConversationsAnswer },
      },
    },
    async (req) => {
      const mine = await listMine(db, req.user);
      return { success: true as const, conversations: mine.conversations, unread_count: mine.unread };
    },
  );

  app.get(
    '/contact/mine/:id',
    {
      config: customer,
      schema: {
        tags,
        summary: "One of the caller's conversations, every message both ways, oldest first; marks it seen",
        params: idParams,
        response: { 200: myThreadAnswer },
      },
    },
    async (req) => ({ success: true as const, ...(await getMine(db, req.user, req.params.id)) }),
  );

  app.post(
    '/contact/mine/:id/reply',
    {
      config: customer,
      schema: {
        tags,
        summary: 'The caller answers in one of their conversations (contact form message rules)',
        params: idParams,
        body: customerReplySchema,
        response: { 201: myReplyAnswer },
      },
    },
    async (req, reply) => {
      const sent = await replyMine(db, {
        user: req.user,
        id: req.params.id,
        input: req.body,
        ip: req.ip,
        ipLimit: app.deps.config.contactIpLimit,
        appUrl: app.deps.config.appUrl,
      });
      return reply.code(201).send({ success: true as const, message: 'Message sent', reply: sent });
    },
  );
}
