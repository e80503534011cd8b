import type { Order, OrderCustomer } from '../../shared/orders';
import type { Executor } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import { shopNotifyAddress } from '../settings';
import { newOrderNoticeMail } from './mails';

/** What the shop's notices need from the configuration: links and the environment's fallback address. */
export type ShopNotice = { appUrl: string; notifyEmail: string | null };

/**
 * What placing an order needs to know of the shop: its URL for the e-mails' links, where the new-order notice goes,
 * whether card payment online is on, and the key that signs the invoice link in the order e-mail.
 */
export type ShopContext = ShopNotice & { cardEnabled: boolean; invoiceKey: string; now: () => Date };

/** Queues the shop's new-order notice in the caller's transaction, when an address is set (setting, else environment). */
export async function queueNewOrderNotice(
  tx: Executor,
  order: Order,
  customer: OrderCustomer,
  why: 'placed' | 'approved',
  shop: ShopNotice,
): Promise<void> {
  const to = await shopNotifyAddress(tx, shop.notifyEmail);
  if (to) await enqueueMail(tx, newOrderNoticeMail(order, customer, to, why, shop.appUrl));
}
