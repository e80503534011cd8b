import { z } from 'zod';
import {
  assignSchema,
  conversationChangedAnswer,
  conversationsAnswer,
  customerMessagedAnswer,
  messageCustomerSchema,
  orderMessagesAnswer,
  markReadAnswer,
  messageAnswer,
  messagesAnswer,
  replySchema,
  replySentAnswer,
  staffMembersAnswer,
  statisticsAnswer,
  threadAnswer,
} from '../../shared/contact';
import { assignConversation, markConversationUnread } from './conversation-actions';
import { listStaffMembers } from './staff-members';
import type { App } from '../app-types';
import { conversationQuerySchema, contactStatistics, listConversations } from './conversations';
import { pagination } from './dto';
import { messageCustomer, orderMessages } from './order-messages';
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
      const me = req.user.id;
      const [list, statistics] = await Promise.all([
        listConversations(db, { ...req.query, me }),
        contactStatistics(db),
      ]);
      return {
        success: true as const,
        conversations: list.conversations,
        statistics,
        pagination: pagination(req.query.page, req.query.per_page, list.total),
      };
    },
  );

  app.get(
    '/contact/staff',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Staff members a conversation can be assigned to',
        response: { 200: staffMembersAnswer },
      },
    },
    async () => ({ success: true as const, staff: await listStaffMembers(db) }),
  );

  app.put(
    '/contact/conversations/:id/assignee',
    {
      config: { ...staff, audit: { kind: 'conversation.assign', entity: 'conversation' } },
      schema: {
        tags,
        summary: 'Assign the conversation (conversation id) to a staff member, or unassign it (user_id null)',
        params: idParams,
        body: assignSchema,
        response: { 200: conversationChangedAnswer },
      },
    },
    async (req) => {
      const conversation = await assignConversation(db, req.params.id, req.body);
      return {
        success: true as const,
        message: conversation.assignee ? `Assigned to ${conversation.assignee.name}` : 'Unassigned',
        conversation,
        statistics: await contactStatistics(db),
      };
    },
  );

  app.put(
    '/contact/conversations/:id/unread',
    {
      config: { ...staff, audit: { kind: 'conversation.unread', entity: 'conversation' } },
      schema: {
        tags,
        summary: 'Mark the conversation (conversation id) unread for staff until one opens it',
        params: idParams,
        response: { 200: conversationChangedAnswer },
      },
    },
    async (req) => {
      const conversation = await db.transaction((tx) => markConversationUnread(tx, req.params.id));
      return {
        success: true as const,
        message: 'Marked as unread',
        conversation,
        statistics: await contactStatistics(db),
      };
    },
  );

  app.get(
    '/contact/orders/:id/messages',
    {
      config: staff,
      schema: {
        tags,
        summary: "Every message naming the order (order id), both ways, and the customer's conversation",
        params: idParams,
        response: { 200: orderMessagesAnswer },
      },
    },
    async (req) => ({ success: true as const, ...(await orderMessages(db, req.params.id)) }),
  );

  app.post(
    '/contact/orders/:id/messages',
    {
      config: { ...staff, audit: { kind: 'order.message', entity: 'order' } },
      schema: {
        tags,
        summary: "Message the order's customer: staff write first, into the customer's conversation, e-mailed to them",
        params: idParams,
        body: messageCustomerSchema,
        response: { 201: customerMessagedAnswer },
      },
    },
    async (req, reply) => {
      const sent = await messageCustomer(db, {
        orderId: req.params.id,
        staff: req.user,
        message: req.body.message,
        config: app.deps.config,
      });
      return reply.code(201).send({
        success: true as const,
        message: 'Message sent',
        reply: sent.reply,
        conversation_id: sent.conversationId,
      });
    },
  );

  app.post(
    '/contact/customers/:id/messages',
    {
      config: { ...staff, audit: { kind: 'customer.message', entity: 'user' } },
      schema: {
        tags,
        summary:
          "Message a customer from their record: staff write first, into the customer's conversation, e-mailed to them",
        params: idParams,
        body: messageCustomerSchema,
        response: { 201: customerMessagedAnswer },
      },
    },
    async (req, reply) => {
      const sent = await messageCustomer(db, {
        userId: req.params.id,
        staff: (await req.currentUser())!,
        message: req.body.message,
        config: app.deps.config,
      });
      return reply.code(201).send({
        success: true as const,
        message: 'Message sent',
        reply: sent.reply,
        conversation_id: sent.conversationId,
      });
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
      config: { ...staff, audit: { kind: 'message.read', entity: 'message' } },
      schema: {
        tags,
        summary: 'Mark read: the message, or with scope "conversation" every pending message of its conversation',
        params: idParams,
        body: z.object({ scope: z.enum(['message', 'conversation']).default('message') }).default({ scope: 'message' }),
        response: { 200: markReadAnswer },
      },
    },
    async (req) => {
      const updated = await db.transaction((tx) => markRead(tx, req.params.id, req.body.scope));
      const [message, statistics] = await Promise.all([getMessage(db, req.params.id), contactStatistics(db)]);
      return { success: true as const, updated, message, statistics };
    },
  );

  app.post(
    '/contact/:id/send-reply',
    {
      config: { ...staff, audit: { kind: 'message.reply', entity: 'message' } },
      schema: { tags, params: idParams, body: replySchema, response: { 201: replySentAnswer } },
    },
    async (req, reply) => {
      const user = req.user;
      const sent = await sendReply(db, {
        messageId: req.params.id,
        staff: user,
        input: req.body,
        config: app.deps.config,
      });
      return reply.code(201).send({ success: true as const, message: 'Reply sent', reply: sent });
    },
  );

  app.patch(
    '/contact/:id',
    {
      config: { ...staff, audit: { kind: 'message.update', entity: 'message' } },
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
