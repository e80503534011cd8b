import { mailResendAnswer, mailTroubleAnswer } from '../../shared/mail-admin';
import type { App } from '../app-types';
import { auditTargets } from '../audit';
import { conflict, notFound } from '../http/errors';
import { idParams } from '../http/params';
import { failedMailIds, mailStatus, mailTrouble, requeueMail } from './admin';

const tags = ['mail'];

/** Mail the outbox could not deliver, for admins: the lists and the resends (docs/operations.md#mail-that-did-not-go). */
export async function mailAdminRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/admin/mail',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Failed mail (given up after 3 days) and late mail (unsent 15 minutes after it was due), newest first',
        response: { 200: mailTroubleAnswer },
      },
    },
    async () => ({ success: true as const, ...(await mailTrouble(db)) }),
  );

  app.post(
    '/admin/mail/:id/resend',
    {
      config: { access: 'admin', audit: { kind: 'mail.resend', entity: 'mail' } },
      schema: {
        tags,
        summary: 'Sends one failed or waiting mail again now (its 3 days of retries start again)',
        params: idParams,
        response: { 200: mailResendAnswer },
      },
    },
    async (req) => {
      const resent = await db.transaction((tx) => requeueMail(tx, [req.params.id]));
      if (resent === 0) {
        const status = await mailStatus(db, req.params.id);
        if (status === null) throw notFound('Mail not found');
        throw conflict(status === 'sent' ? 'This mail has been sent.' : 'This mail is being sent right now.');
      }
      return { success: true as const, resent };
    },
  );

  app.post(
    '/admin/mail/resend-failed',
    {
      config: { access: 'admin', audit: { kind: 'mail.resend', entity: 'mail', each: 'ids' } },
      schema: { tags, summary: 'Sends every failed mail again now', response: { 200: mailResendAnswer } },
    },
    async () => {
      const ids = await failedMailIds(db);
      auditTargets(ids);
      const resent = ids.length ? await db.transaction((tx) => requeueMail(tx, ids)) : 0;
      return { success: true as const, resent };
    },
  );
}
