import { z } from 'zod';
import { addCartItemSchema, cartAnswer, cartChangeAnswer, updateCartItemSchema } from '../../shared/cart';
import { coercedRowId } from '../../shared/fields';
import type { App } from '../app-types';
import { cartDto } from './dto';
import { cartRunRoutes } from './run-routes';
import { addLine, CART_MESSAGES, removeLine, setLineQuantity } from './lines';
import { clearCart, quoteCart } from './service';

const lineParams = z.object({ id: coercedRowId('Cart item not found') });
const base = { config: { access: 'customer' as const } };

/** docs/architecture.md#the-api cart calls. Every answer is the whole cart as the server prices it now. */
export async function cartRoutes(app: App) {
  const db = app.deps.db;
  const current = async (user: { id: number; email: string }) => {
    const { view, quote } = await quoteCart(db, user, 'pickup', app.deps.now());
    return cartDto(quote, view.settings.quantityBreaks);
  };

  for (const url of ['/cart/', '/cart']) {
    const hide = url === '/cart';
    app.get(
      url,
      {
        ...base,
        schema: { tags: ['cart'], hide, summary: 'The signed-in user’s cart', response: { 200: cartAnswer } },
      },
      async (req) => ({
        success: true as const,
        cart: await current(req.user),
      }),
    );
    app.delete(
      url,
      { ...base, schema: { tags: ['cart'], hide, summary: 'Empty the cart', response: { 200: cartChangeAnswer } } },
      async (req) => {
        const user = req.user;
        await clearCart(db, user.id);
        return { success: true as const, cart: await current(user), message: CART_MESSAGES.cleared };
      },
    );
  }

  await cartRunRoutes(app, current);

  app.post(
    '/cart/items',
    {
      ...base,
      schema: {
        tags: ['cart'],
        summary: 'Add an item (merged into an equal line)',
        body: addCartItemSchema,
        response: { 200: cartChangeAnswer },
      },
    },
    async (req) => {
      const user = req.user;
      await addLine(db, user, req.body);
      return { success: true as const, cart: await current(user), message: CART_MESSAGES.added };
    },
  );
  app.put(
    '/cart/items/:id',
    {
      ...base,
      schema: {
        tags: ['cart'],
        summary: 'Set a line’s quantity',
        params: lineParams,
        body: updateCartItemSchema,
        response: { 200: cartChangeAnswer },
      },
    },
    async (req) => {
      const user = req.user;
      await setLineQuantity(db, user.id, req.params.id, req.body.quantity);
      return { success: true as const, cart: await current(user), message: CART_MESSAGES.updated };
    },
  );
  app.delete(
    '/cart/items/:id',
    {
      ...base,
      schema: { tags: ['cart'], summary: 'Remove a line', params: lineParams, response: { 200: cartChangeAnswer } },
    },
    async (req) => {
      const user = req.user;
      await removeLine(db, user.id, req.params.id);
      return { success: true as const, cart: await current(user), message: CART_MESSAGES.removed };
    },
  );
}
