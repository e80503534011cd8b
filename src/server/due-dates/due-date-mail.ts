import type { Language } from '../../shared/languages';
import { formatDayIn } from '../../shared/locale-format';
import type { Order, OrderCustomer } from '../../shared/orders';
import { mailWords } from '../mail/i18n';
import type { OutgoingMail } from '../mail/outbox';
import { renderMail } from '../mail/template';
import { customerOrder } from '../orders';

/** Staff moved the day the order is promised for: the old and new day, staff's comments, the order as it stands. */
export function dueDateChangedMail(
  order: Order,
  customer: OrderCustomer,
  opts: { was: string; comments: string | null; appUrl: string; language?: Language },
): OutgoingMail {
  const { language } = opts;
  const t = mailWords(language);
  const day = (d: string) => formatDayIn(language ?? 'en', d);
  const title = t('dueDate.title', { number: order.order_number });
  const lines = [
    t('dueDate.changed', { day: day(order.due_date), was: day(opts.was) }),
    ...(opts.comments ? [t('status.comments', { comments: opts.comments })] : []),
  ];
  return {
    to: customer.email,
    subject: title,
    kind: 'order_due_date',
    ...renderMail({
      title,
      language,
      blocks: [{ kind: 'lines', lines }, ...customerOrder(order, customer, opts.appUrl, language)],
    }),
  };
}
