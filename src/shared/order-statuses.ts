import type { OrderStatus } from './orders';

// What each order status means (docs/product.md#orders-and-their-states), one row per status: every list of statuses
// in the code derives from this table, so a new status does not typecheck until each rule has placed it. The staff
// labels (STATUS_LABELS) and moves (STAFF_TRANSITIONS) are tables keyed by status beside ORDER_STATUSES.

/** What a customer reads: for an order that went to a department for approval, and for one that did not. */
type CustomerWords = { department: string; shop: string };
const both = (words: string): CustomerWords => ({ department: words, shop: words });

type StatusRule = {
  /** A sale: accepted by the shop and not called off (reports, department spend, the customer's spent total). */
  sale: boolean;
  /** The shop will not make it: it owes nothing, takes no money, and its allowance went back. */
  calledOff: boolean;
  /** Billed: its approval is no longer awaited (department statements of what is owed on account). */
  billed: boolean;
  /** Staff may change its lines (in production only with a reason). */
  editable: boolean;
  /** The customer may cancel it: production has not started. */
  customerCancellable: boolean;
  /** Still to be made ready, so it has a due date that can be today or past (Today's counts, the due filters). */
  dueOpen: boolean;
  /** Gone to the customer: shipped or collected (Today's "owed after delivery"). */
  delivered: boolean;
  /** The production sheet and pick list: covered by default, offered as a choice, or never. */
  production: 'default' | 'choice' | null;
  /** A move into it e-mails the customer (the server's status mails cover exactly these, a test checks it). */
  mailsCustomer: boolean;
  customerWords: CustomerWords;
};

export const ORDER_STATUS_RULES = {
  awaiting_approval: {
    sale: false,
    calledOff: false,
    billed: false,
    editable: true,
    customerCancellable: true,
    dueOpen: true,
    delivered: false,
    production: 'choice',
    mailsCustomer: false,
    customerWords: both('Waiting for department approval'),
  },
  pending: {
    sale: true,
    calledOff: false,
    billed: true,
    editable: true,
    customerCancellable: true,
    dueOpen: true,
    delivered: false,
    production: 'default',
    mailsCustomer: true,
    customerWords: { department: 'Approved, waiting for production', shop: 'Received, waiting for production' },
  },
  in_production: {
    sale: true,
    calledOff: false,
    billed: true,
    editable: true,
    customerCancellable: false,
    dueOpen: true,
    delivered: false,
    production: 'default',
    mailsCustomer: false,
    customerWords: both('Being made'),
  },
  ready_for_pickup: {
    sale: true,
    calledOff: false,
    billed: true,
    editable: false,
    customerCancellable: false,
    dueOpen: false,
    delivered: false,
    production: 'choice',
    mailsCustomer: true,
    customerWords: both('Ready for pickup'),
  },
  shipped: {
    sale: true,
    calledOff: false,
    billed: true,
    editable: false,
    customerCancellable: false,
    dueOpen: false,
    delivered: true,
    production: null,
    mailsCustomer: true,
    customerWords: both('Shipped'),
  },
  completed: {
    sale: true,
    calledOff: false,
    billed: true,
    editable: false,
    customerCancellable: false,
    dueOpen: false,
    delivered: true,
    production: null,
    mailsCustomer: false,
    customerWords: both('Completed'),
  },
  denied: {
    sale: false,
    calledOff: true,
    billed: true,
    editable: false,
    customerCancellable: false,
    dueOpen: false,
    delivered: false,
    production: null,
    mailsCustomer: true,
    // Only an order that went to a department was denied by one; the shop denies the others.
    customerWords: { department: 'Denied by the department', shop: 'Denied by the shop' },
  },
  cancelled: {
    sale: false,
    calledOff: true,
    billed: true,
    editable: false,
    customerCancellable: false,
    dueOpen: false,
    delivered: false,
    production: null,
    mailsCustomer: true,
    customerWords: both('Cancelled'),
  },
} as const satisfies Record<OrderStatus, StatusRule>;

type FlagRule = { [K in keyof StatusRule]: StatusRule[K] extends boolean ? K : never }[keyof StatusRule];

/** The statuses whose rule `flag` is true, as a type: a table keyed by it must place each of them and no other. */
export type StatusWhere<F extends FlagRule> = {
  [K in OrderStatus]: (typeof ORDER_STATUS_RULES)[K][F] extends true ? K : never;
}[OrderStatus];

/** The statuses whose rule `flag` is true (or false with `value` false), in the table's order. */
export function statusesWhere(flag: FlagRule, value = true): readonly OrderStatus[] {
  const rules: Record<OrderStatus, StatusRule> = ORDER_STATUS_RULES;
  return (Object.keys(rules) as OrderStatus[]).filter((s) => rules[s][flag] === value);
}

/** One status's rule, for a single test (`statusRule(order.status).billed`). */
export const statusRule = (status: OrderStatus): StatusRule => ORDER_STATUS_RULES[status];

/** Cancelled or denied: the shop will not make it, so it owes nothing and takes no money. */
export const isCalledOff = (status: OrderStatus) => ORDER_STATUS_RULES[status].calledOff;

/** The orders that are sales: waiting for approval is not yet a sale; cancelled and denied orders never are. */
export const SALE_STATUSES = statusesWhere('sale');
/** Cancelled or denied: the shop will not make it. */
export const CALLED_OFF_STATUSES = statusesWhere('calledOff');
/** Still to be made ready: only these can be late. */
export const DUE_OPEN_STATUSES = statusesWhere('dueOpen');
/** Shipped or completed. */
export const DELIVERED_STATUSES = statusesWhere('delivered');
/** Lines can change until the order is finished. */
export const STAFF_EDITABLE = statusesWhere('editable');
/** The customer may cancel until production starts. */
export const CANCELLABLE = statusesWhere('customerCancellable');
/** Not billed yet: the approval is awaited (a called-off order owes nothing anyway). */
export const NOT_BILLED_STATUSES = statusesWhere('billed', false);
/** The statuses whose move e-mails the customer; the bulk dialogs say from this which mails go out. */
export const CUSTOMER_MAILED_STATUSES = statusesWhere('mailsCustomer');

const production = (which: readonly StatusRule['production'][]): readonly OrderStatus[] =>
  (Object.keys(ORDER_STATUS_RULES) as OrderStatus[]).filter((s) => which.includes(ORDER_STATUS_RULES[s].production));
/** What a production sheet or pick list covers when no status is chosen. */
export const PRODUCTION_DEFAULT_STATUSES = production(['default']);
/** The statuses a sheet or pick list can cover: what is still to be made or just made. */
export const PRODUCTION_CHOICES = production(['default', 'choice']);
