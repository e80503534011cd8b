import { contactRequestSchema, contactSentAnswer } from '../../shared/contact';
import type { App } from '../app-types';
import { inboundRoutes } from './inbound/routes';
import { contactMineRoutes } from './mine-routes';
import { savedRepliesRoutes } from './saved-replies-routes';
import { contactStaffRoutes } from './staff-routes';
import { submitContact } from './submit';

/** Public: guests and signed-in customers write to the shop (docs/architecture.md#the-api POST /contact and POST /contact/). */
export async function contactRoutes(app: App) {
  for (const url of ['/contact', '/contact/']) {
    app.post(
      url,
      {
        config: { access: 'public' },
        schema: {
          tags: ['contact'],
          summary: 'Send a contact message (guest or signed-in payload of docs/architecture.md#the-api)',
          hide: url === '/contact/',
          body: contactRequestSchema,
          response: { 201: contactSentAnswer },
        },
      },
      async (req, reply) => {
        await app.deps.recaptcha(req.body.recaptcha_token, ['contact_form', 'contact'], req.ip);
        const user = await req.currentUser();
        const result = await submitContact(app.deps.db, {
          payload: req.body,
          user,
          ip: req.ip,
          ipLimit: app.deps.config.contactIpLimit,
          appUrl: app.deps.config.appUrl,
        });
        return reply.code(201).send({
          success: true as const,
          message: 'Thank you for your message. We will get back to you soon.',
          id: result.messageId,
          conversation_id: result.conversationId,
        });
      },
    );
  }
  // Before the staff routes: /contact/mine must not be read as the staff route /contact/:id.
  await contactMineRoutes(app);
  await inboundRoutes(app);
  await savedRepliesRoutes(app);
  await contactStaffRoutes(app);
}
