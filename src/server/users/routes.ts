import { z } from 'zod';
import {
  adminUserAnswer,
  allowedEmailAnswer,
  allowedEmailBodySchema,
  allowedEmailsAnswer,
  signinPolicyAnswer,
  signinPolicyBodySchema,
  userPatchSchema,
  usersAnswer,
  usersQuerySchema,
} from '../../shared/admin';
import { languageBody } from '../../shared/language-schema';
import { profileAnswer, profileSchema } from '../../shared/profile';
import type { App } from '../app-types';
import {
  addAllowedEmail,
  getSigninPolicy,
  listAllowedEmails,
  removeAllowedEmail,
  setSigninPolicy,
} from './access-list-service';
import { listUsers, patchUser } from './admin-service';
import { getProfile, setLanguage, updateProfile } from './profile-service';
import { idParams } from '../http/params';

const ok = z.object({ success: z.literal(true) });

/** Both spellings answer; OpenAPI lists the documented one (docs/architecture.md#the-api). */
const both = (path: string) => [path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`] as const;

export async function usersRoutes(app: App) {
  const db = app.deps.db;
  for (const [i, url] of both('/users/profile/').entries()) {
    const common = { tags: ['profile'], hide: i > 0 };
    app.get(
      url,
      { config: { access: 'customer' }, schema: { ...common, response: { 200: profileAnswer } } },
      async (req) => ({
        success: true as const,
        user: await getProfile(db, req.user.id),
      }),
    );
    app.put(
      url,
      { config: { access: 'customer' }, schema: { ...common, body: profileSchema, response: { 200: profileAnswer } } },
      async (req) => ({
        success: true as const,
        user: await updateProfile(db, req.user.id, req.body),
      }),
    );
  }

  for (const [i, url] of both('/users/language/').entries()) {
    app.put(
      url,
      {
        config: { access: 'customer' },
        schema: { tags: ['profile'], hide: i > 0, body: languageBody, response: { 200: profileAnswer } },
      },
      async (req) => ({ success: true as const, user: await setLanguage(db, req.user.id, req.body.language) }),
    );
  }

  for (const [i, url] of both('/users/').entries()) {
    app.get(
      url,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin users'],
          hide: i > 0,
          querystring: usersQuerySchema,
          response: { 200: usersAnswer },
        },
      },
      async (req) => ({ success: true as const, ...(await listUsers(db, req.query)) }),
    );
  }

  app.patch(
    '/users/:id',
    {
      config: { access: 'admin', audit: { kind: 'user.update', entity: 'user' } },
      schema: {
        tags: ['admin users'],
        summary: 'Change a role or (de)activate; effective on the next request of that user',
        params: idParams,
        body: userPatchSchema,
        response: { 200: adminUserAnswer },
      },
    },
    async (req) => ({ success: true as const, user: await patchUser(db, req.user.id, req.params.id, req.body) }),
  );

  for (const [i, url] of both('/users/allowed-emails/').entries()) {
    const common = { tags: ['admin users'], hide: i > 0 };
    app.get(
      url,
      { config: { access: 'admin' }, schema: { ...common, response: { 200: allowedEmailsAnswer } } },
      async () => ({ success: true as const, entries: await listAllowedEmails(db) }),
    );
    app.post(
      url,
      {
        config: { access: 'admin', audit: { kind: 'allowed_email.add', entity: 'allowed_email' } },
        schema: { ...common, body: allowedEmailBodySchema, response: { 201: allowedEmailAnswer } },
      },
      async (req, reply) =>
        reply
          .code(201)
          .send({ success: true as const, entry: await db.transaction((tx) => addAllowedEmail(tx, req.body.pattern)) }),
    );
  }
  app.delete(
    '/users/allowed-emails/:id',
    {
      config: { access: 'admin', audit: { kind: 'allowed_email.remove', entity: 'allowed_email' } },
      schema: { tags: ['admin users'], params: idParams, response: { 200: ok } },
    },
    async (req) => {
      await removeAllowedEmail(db, req.params.id);
      return { success: true as const };
    },
  );

  for (const [i, url] of both('/users/signin-policy/').entries()) {
    const common = { tags: ['admin users'], hide: i > 0 };
    app.get(
      url,
      { config: { access: 'admin' }, schema: { ...common, response: { 200: signinPolicyAnswer } } },
      async () => ({
        success: true as const,
        policy: await getSigninPolicy(db),
      }),
    );
    app.put(
      url,
      {
        config: { access: 'admin', audit: { kind: 'settings.signin_policy', entity: 'settings' } },
        schema: { ...common, body: signinPolicyBodySchema, response: { 200: signinPolicyAnswer } },
      },
      async (req) => ({ success: true as const, policy: await setSigninPolicy(db, req.body.policy) }),
    );
  }
}
