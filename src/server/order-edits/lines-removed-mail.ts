import type { Language } from '../../shared/languages';
import { formatMoneyIn } from '../../shared/locale-format';
import { toDollars } from '../../shared/money';
import type { Order, OrderCustomer } from '../../shared/orders';
import { mailWords } from '../mail/i18n';
import { customerWords } from '../mail/layout';
import type { OutgoingMail } from '../mail/outbox';
import { renderMail } from '../mail/template';
import { customerOrder } from '../orders';
import type { Removed } from './approver-removal';
import { named } from './edit-details';

/**
 * To the member whose approver approved their order without some lines: what went, the approver's reason for each
 * (their words, quoted), and the order as it now stands, priced anew.
 */
export function linesRemovedMail(
  order: Order,
  customer: OrderCustomer,
  opts: { removed: Removed[]; approver: string; totalBeforeCents: number; appUrl: string; language?: Language },
): OutgoingMail {
  const { language } = opts;
  const t = mailWords(language);
  const money = (dollars: number) => formatMoneyIn(language ?? 'en', dollars);
  const title = t('linesRemoved.title', { number: order.order_number });
  const lines = [
    t('linesRemoved.intro', { approver: opts.approver }),
    ...opts.removed.map((r) =>
      t('linesRemoved.line', { line: named(r.line, language), reason: customerWords(r.reason) }),
    ),
    t('linesRemoved.repriced', { from: money(toDollars(opts.totalBeforeCents)), to: money(order.total) }),
    t('linesRemoved.newOrder'),
  ];
  return {
    to: customer.email,
    subject: title,
    kind: 'order_lines_removed',
    ...renderMail({
      title,
      language,
      blocks: [{ kind: 'lines', lines }, ...customerOrder(order, customer, opts.appUrl, language)],
    }),
  };
}
