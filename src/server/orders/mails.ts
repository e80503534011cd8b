import { decorationLabel, POSITION_LABELS, type Customization } from '../../shared/cart';
import { adjustmentAmount, toDollars } from '../../shared/money';
import { customerStatusText } from '../../shared/order-status-words';
import type { StatusWhere } from '../../shared/order-statuses';
import { STATUS_LABELS, type Order, type OrderCustomer, type OrderStatus } from '../../shared/orders';
import type { OutgoingMail } from '../mail/outbox';
import { customerWords } from '../mail/layout';
import { renderMail, type MailBlock, type MailContent } from '../mail/template';
import { formatShopDateTime } from '../../shared/time';
import { formatDueDay } from '../../shared/due-date-rules';
import type { Language } from '../../shared/languages';
import { formatDateTimeIn, formatDayIn, formatMoneyIn } from '../../shared/locale-format';
import { mailWords, sharedWords } from '../mail/i18n';
import { mailIdentity } from '../mail/shop-identity';
import { shopHoursLabel } from '../mail/template';
import { customerName } from './dto';

const side = (p: Customization['position'], language?: Language) =>
  sharedWords(language)(POSITION_LABELS[p]).toLowerCase();
const customizationWords = (c: Customization & { label?: string }, language?: Language) =>
  `${sharedWords(language)(c.label ?? decorationLabel(c.type))}${c.text ? ` ${customerWords(c.text)}` : ''} (${side(c.position, language)})`;
export const customizationText = (c: Customization & { label?: string }, language?: Language) =>
  customizationWords(c, language);
/** The customer's name as they typed it, quoted and disarmed (security round 3, finding 11). */
const quotedName = (c: OrderCustomer) => customerWords(customerName(c));

/** The order as an approver or customer needs to read it: lines, customisations, totals, PO number. */
export function orderSummary(order: Order, customer: OrderCustomer, language?: Language): MailBlock[] {
  const t = mailWords(language);
  const words = sharedWords(language);
  const money = (dollars: number) => formatMoneyIn(language ?? 'en', dollars);
  const items = order.items.map((i) => ({
    title: t('order.itemTitle', { quantity: i.quantity, product: i.product_name, size: i.size }),
    extras: i.customizations.map((c) => customizationWords(c, language)),
    price: money(i.total_price),
  }));
  const delivery =
    order.fulfillment === 'pickup'
      ? t('order.pickup')
      : t('order.shipping', {
          address: customerWords(
            [
              order.shipping_address?.address_line1,
              order.shipping_address?.address_line2,
              order.shipping_address?.city,
              `${order.shipping_address?.state} ${order.shipping_address?.zip_code}`,
            ]
              .filter(Boolean)
              .join(', '),
          ),
        });
  const facts = [
    t('order.number', { number: order.order_number }),
    // The same words as the customer's badge and timeline in My Orders.
    t('order.status', { status: words(customerStatusText(order)) }),
    t('order.placed', {
      at: language === 'es' ? formatDateTimeIn('es', order.created_at) : formatShopDateTime(order.created_at),
    }),
    t('order.readyBy', { day: language === 'es' ? formatDayIn('es', order.due_date) : formatDueDay(order.due_date) }),
    t('order.customer', { name: quotedName(customer), email: customer.email }),
    ...(order.department_name ? [t('order.department', { department: order.department_name })] : []),
    ...(order.po_number ? [t('order.po', { po: customerWords(order.po_number) })] : []),
    delivery,
    ...(order.notes ? [t('order.notes', { notes: customerWords(order.notes) })] : []),
  ];
  // The order's own adjustments, as its details and the checkout show them: one set of figures everywhere.
  const adjustment = (a: Order['adjustments'][number]) =>
    language === 'es'
      ? a.kind === 'shipping' && a.amount === 0
        ? t('order.free')
        : money(a.amount)
      : adjustmentAmount(a);
  const totals = [
    t('order.subtotal', { amount: money(order.subtotal) }),
    ...order.adjustments.map((a) => t('order.adjustment', { label: words(a.label), amount: adjustment(a) })),
    t('order.total', { amount: money(order.total) }),
  ];
  return [
    { kind: 'lines', lines: facts },
    { kind: 'items', items },
    { kind: 'totals', lines: totals },
  ];
}

/** The customer's own page of the order (My Orders opens it), at this shop's own address (APP_URL), never the public site's. */
export const orderLink = (order: Order, appUrl: string) => `${appUrl}/orders?order=${order.id}`;

/**
 * What every mail to a customer about their order carries: the link to it, the order and its estimate, and what is
 * owed (payments' own words, never recomputed here). The shop's address and hours are in every mail's footer.
 */
export function customerOrder(order: Order, customer: OrderCustomer, appUrl: string, language?: Language): MailBlock[] {
  const t = mailWords(language);
  return [
    ...orderSummary(order, customer, language),
    { kind: 'lines', lines: moneyNews(order, language) },
    {
      kind: 'button',
      label: t('order.view'),
      textLabel: t('order.viewText'),
      href: orderLink(order, appUrl),
      tone: 'dark',
    },
  ];
}

const awaitingNotice = (order: Order, language?: Language) => {
  const t = mailWords(language);
  return t('order.awaiting', { department: order.department_name ?? t('order.yourDepartment') });
};

/**
 * A card order that may be paid now (not awaiting approval, a balance left) carries a "Pay now" link to the
 * order page, which starts Stripe Checkout.
 */
export function payNow(
  order: Order,
  appUrl: string,
  language?: Language,
  words: 'order.payNow' | 'order.payCardIfNot' = 'order.payNow',
): MailBlock[] {
  const due = order.payment.method === 'card' && order.status === 'pending' && order.payment.balance > 0;
  if (!due) return [];
  const line = mailWords(language)(words, { amount: formatMoneyIn(language ?? 'en', order.payment.balance) });
  return [{ kind: 'button', label: line, href: `${appUrl}/orders?pay=${order.id}`, tone: 'primary' }];
}

/** The signed link to the printable invoice (no login), when the caller has one. */
function invoiceLine(invoiceUrl?: string, language?: Language): MailBlock[] {
  if (!invoiceUrl) return [];
  const t = mailWords(language);
  return [{ kind: 'link', label: t('order.invoice'), textLabel: t('order.invoiceText'), href: invoiceUrl }];
}

const mail = (to: string, kind: string, content: MailContent): OutgoingMail => ({
  to,
  subject: content.title,
  kind,
  ...renderMail(content),
});

export function orderReceivedMail(
  order: Order,
  customer: OrderCustomer,
  appUrl: string,
  invoiceUrl?: string,
  language?: Language,
): OutgoingMail {
  const t = mailWords(language);
  const next =
    order.status === 'awaiting_approval'
      ? awaitingNotice(order, language)
      : order.payment.method === 'invoice'
        ? t('received.invoice', { amount: formatMoneyIn(language ?? 'en', order.payment.balance) })
        : t('received.soon');
  return mail(customer.email, 'order_received', {
    title: t('received.title', { number: order.order_number }),
    language,
    blocks: [
      { kind: 'lines', lines: [t('received.thanks'), next] },
      ...payNow(order, appUrl, language, 'order.payCardIfNot'),
      ...customerOrder(order, customer, appUrl, language),
      ...invoiceLine(invoiceUrl, language),
    ],
  });
}

/** The approver's view of the cost, each figure labelled (payments' split of the order: order.payment.split). */
export function approverCost(order: Order, language?: Language): string[] {
  const c = order.payment.split;
  const t = mailWords(language);
  const money = (dollars: number) => formatMoneyIn(language ?? 'en', dollars);
  return [
    t('account.total', { amount: money(c.order_total) }),
    t('approval.allowance', { amount: money(c.allowance) }),
    t('approval.departmentAccount', { amount: money(c.department_account) }),
    t('approval.memberPays', { amount: money(c.member_pays) }),
  ];
}

/** Why an approval request comes again, in the approver's mail: sent again by the shop, or a staff edit grew the total. */
export type ApprovalAgain = { why: 'resent' } | { why: 'grew' | 'grewOver'; fromCents: number; toCents: number };

export function approvalRequestMail(
  order: Order,
  customer: OrderCustomer,
  approver: string,
  token: string,
  appUrl: string,
  /** Why an order already sent comes again (sent again, a staff edit that grew its total); earlier links no longer work. */
  again?: ApprovalAgain,
  /** The approver's language (approverLanguages: their own account's, else English). */
  language?: Language,
): OutgoingMail {
  const t = mailWords(language);
  const approve = `${appUrl}/approval/${token}`;
  const deny = `${appUrl}/denial/${token}`;
  const money = (cents: number) => formatMoneyIn(language ?? 'en', toDollars(cents));
  const who = {
    name: quotedName(customer),
    department: order.department_name ?? t('order.yourDepartment'),
  };
  const placed = again
    ? t('approval.again', {
        ...who,
        again:
          again.why === 'resent'
            ? t('approval.resent')
            : t(`approval.${again.why}`, { from: money(again.fromCents), to: money(again.toCents) }),
      })
    : t('approval.placed', who);
  return mail(approver, 'approval_request', {
    title: t('approval.title', { number: order.order_number }),
    language,
    blocks: [
      { kind: 'lines', lines: [t('approval.intro', { placed })] },
      { kind: 'lines', lines: approverCost(order, language) },
      {
        kind: 'button',
        label: t('approval.approve'),
        textLabel: t('approval.approveText'),
        href: approve,
        tone: 'approve',
      },
      { kind: 'button', label: t('approval.deny'), textLabel: t('approval.denyText'), href: deny, tone: 'deny' },
      ...orderSummary(order, customer, language),
    ],
  });
}

/**
 * What each status that mails the customer (the status table's mailsCustomer) tells them: one for each, no other;
 * the words are the mail catalogue's (mail/locales).
 */
const MAILED_NEWS: Record<StatusWhere<'mailsCustomer'>, string> = {
  pending: 'status.news.pending',
  denied: 'status.news.denied',
  ready_for_pickup: 'status.news.ready_for_pickup',
  shipped: 'status.news.shipped',
  cancelled: 'status.news.cancelled',
};

/**
 * What the order's account means for the customer, in words, read from the account payments derived (order.payment);
 * nothing here computes money. Used by the cancellation, refund, credit and ready-for-pickup mails.
 */
export function moneyNews(order: Order, language?: Language): string[] {
  const p = order.payment;
  const t = mailWords(language);
  const money = (dollars: number) => formatMoneyIn(language ?? 'en', dollars);
  if (p.refund_due) return [t('money.refundDue', { amount: money(p.refund_due_amount) })];
  if (p.status === 'refunded') return [t('money.refunded')];
  if (p.balance > 0 && p.method === 'account') {
    return [
      t('money.onAccount', {
        amount: money(p.balance),
        department: order.department_name ?? t('order.yourDepartment'),
      }),
    ];
  }
  // A card order with nothing recorded yet may be paid at this very moment (the customer is at Stripe): words
  // true either way, never "Balance due" to someone who just paid.
  if (p.balance > 0 && p.method === 'card' && p.amount_paid === 0) {
    return [t('money.card', { amount: money(p.balance) })];
  }
  if (p.balance > 0) return [t('money.balance', { amount: money(p.balance) })];
  if (p.amount_paid > 0) return [t('money.paid', { amount: money(p.amount_paid) })];
  return [t('money.nothing')];
}

/** Where and when to collect, and what to bring. */
function pickupLines(order: Order, language?: Language): string[] {
  if (order.status !== 'ready_for_pickup') return [];
  const a = mailIdentity().address;
  const p = order.payment;
  const t = mailWords(language);
  const owed =
    p.balance > 0 && p.method !== 'account'
      ? t('status.bring', { amount: formatMoneyIn(language ?? 'en', p.balance) })
      : t('status.nothingToPay');
  return [owed, t('status.collect', { street: a.street, city: a.city, hours: shopHoursLabel(language) })];
}
const STATUS_NEWS: Partial<Record<OrderStatus, string>> = MAILED_NEWS;
export const NOTIFY_STATUSES = Object.keys(MAILED_NEWS) as OrderStatus[];

/** The carrier, the tracking number and the carrier's tracking page, once a shipping order has shipped. */
function shipmentLines(order: Order, language?: Language): string[] {
  if (order.status !== 'shipped' || !order.tracking_number) return [];
  const t = mailWords(language);
  return [
    ...(order.carrier ? [t('status.carrier', { carrier: order.carrier })] : []),
    t('status.tracking', { number: order.tracking_number }),
  ];
}

/** The carrier's tracking page, as a link of its own. */
function trackingLink(order: Order, language?: Language): MailBlock[] {
  if (order.status !== 'shipped' || !order.tracking_number || !order.tracking_url) return [];
  return [{ kind: 'link', label: mailWords(language)('status.track'), href: order.tracking_url }];
}

export function statusMail(
  order: Order,
  customer: OrderCustomer,
  opts: {
    reason?: string | null;
    comments?: string | null;
    approvedBy?: string | null;
    /** Moved back out of production, to be changed before it is made. */
    steppedBack?: boolean;
    appUrl: string;
    /** The customer's language (their account's setting). */
    language?: Language;
  },
): OutgoingMail {
  const { language } = opts;
  const t = mailWords(language);
  const heading = opts.steppedBack
    ? t('status.headingSteppedBack')
    : order.status === 'pending' && opts.approvedBy
      ? t('status.headingApproved')
      : language === 'es'
        ? t(`statusHeading.${order.status}`)
        : STATUS_LABELS[order.status].toLowerCase();
  const title = t('status.title', { number: order.order_number, heading });
  const news = opts.steppedBack
    ? t('status.news.steppedBack')
    : STATUS_NEWS[order.status] && t(STATUS_NEWS[order.status]!);
  const lines = [
    news ?? t('status.now', { status: sharedWords(language)(customerStatusText(order)) }),
    ...(opts.reason ? [t('status.reason', { reason: opts.reason })] : []),
    ...(opts.comments ? [t('status.comments', { comments: opts.comments })] : []),
    ...shipmentLines(order, language),
    ...pickupLines(order, language),
  ];
  // Approval is when a card order becomes payable.
  const pay = opts.approvedBy ? payNow(order, opts.appUrl, language) : [];
  return mail(customer.email, `order_${order.status}`, {
    title,
    language,
    blocks: [
      { kind: 'lines', lines },
      ...trackingLink(order, language),
      ...pay,
      ...customerOrder(order, customer, opts.appUrl, language),
    ],
  });
}

/** The shop's own notice of an order ready to make: a new pending order or one a department just approved. */
export function newOrderNoticeMail(
  order: Order,
  customer: OrderCustomer,
  to: string,
  why: 'placed' | 'approved',
  appUrl: string,
): OutgoingMail {
  const link = `${appUrl}/admin/orders?order=${order.id}`;
  const title = why === 'placed' ? `New order ${order.order_number}` : `Order ${order.order_number} approved`;
  const intro =
    why === 'placed'
      ? `The customer ${quotedName(customer)} placed an order; it is pending and ready for production.`
      : `${order.department_name ?? 'The department'} approved this order; it is pending and ready for production.`;
  return mail(to, 'shop_new_order', {
    title,
    blocks: [
      { kind: 'lines', lines: [intro] },
      { kind: 'button', label: 'Open the order', textLabel: 'Open it', href: link, tone: 'dark' },
      ...orderSummary(order, customer),
    ],
  });
}

/** A staff edit of the lines: what changed, the new lines and totals, staff's comments (never the internal note). */
export function orderEditedMail(
  order: Order,
  customer: OrderCustomer,
  opts: {
    /** What changed, in the customer's language (edit-details.ts). */
    details: string;
    comments: string | null;
    reason?: string | null;
    appUrl: string;
    language?: Language;
  },
): OutgoingMail {
  const { language } = opts;
  const t = mailWords(language);
  const lines = [
    t('edited.intro'),
    ...(opts.reason ? [t('status.reason', { reason: opts.reason })] : []),
    t('edited.changes', { details: opts.details }),
    ...(opts.comments ? [t('status.comments', { comments: opts.comments })] : []),
    ...(order.status === 'awaiting_approval' ? [awaitingNotice(order, language)] : []),
  ];
  return mail(customer.email, 'order_edited', {
    title: t('edited.title', { number: order.order_number }),
    language,
    blocks: [{ kind: 'lines', lines }, ...customerOrder(order, customer, opts.appUrl, language)],
  });
}
