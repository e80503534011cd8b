import { shopIdentityAnswer, shopIdentityUpdateSchema } from '../../shared/shop-identity';
import type { App } from '../app-types';
import { setMailIdentity } from '../mail/shop-identity';
import { shopIdentity, updateIdentity } from './identity';

/** The shop's identity (docs/product.md#the-shops-identity): anyone reads it (it is on every invoice), admins change it. */
export async function identityRoutes(app: App) {
  app.get(
    '/settings/identity',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: "The shop's identity: names, address, phone, e-mail, tax id and logo, as paper and mails print them",
        response: { 200: shopIdentityAnswer },
      },
    },
    async () => ({ success: true as const, identity: await shopIdentity(app.deps.db) }),
  );
  app.put(
    '/settings/identity',
    {
      config: { access: 'admin', audit: { kind: 'settings.identity', entity: 'settings' } },
      schema: {
        tags: ['settings'],
        summary: "Change the shop's identity (admins); the next invoice, statement, slip and mail print it",
        body: shopIdentityUpdateSchema,
        response: { 200: shopIdentityAnswer },
      },
    },
    async (req) => {
      const identity = await app.deps.db.transaction((tx) => updateIdentity(tx, req.body));
      // After the commit: a rolled-back change must not reach the mails.
      setMailIdentity(identity);
      return { success: true as const, identity };
    },
  );
}
