import type { CheckoutInput, Fulfillment } from '../../shared/orders';
import { PAYMENT_METHOD_LABELS, type PaymentMethod, type PaymentOptions } from '../../shared/payments';
import { badRequest } from '../http/errors';

/**
 * The ways to pay open to a customer, the default first (docs/product.md#the-account-of-an-order): on account for a department's members; at the
 * counter for pickup orders only; by invoice for shipping orders only (mailed, paid online when card payment is
 * configured or by phone or cheque; the shop ships once it is paid); card online when Stripe is configured.
 */
export function methodsFor(fulfillment: Fulfillment, memberOfDepartment: boolean, cardEnabled: boolean) {
  const methods: PaymentMethod[] = [];
  if (memberOfDepartment) methods.push('account');
  if (fulfillment === 'pickup') methods.push('pickup');
  if (cardEnabled) methods.push('card');
  if (fulfillment === 'shipping') methods.push('invoice');
  return methods;
}

export const paymentOptions = (memberOfDepartment: boolean, cardEnabled: boolean): PaymentOptions => ({
  pickup: methodsFor('pickup', memberOfDepartment, cardEnabled),
  shipping: methodsFor('shipping', memberOfDepartment, cardEnabled),
});

const WHY_NOT: Record<PaymentMethod, string> = {
  card: 'Card payment online is not available',
  pickup: 'Pay at pickup is only for pickup orders',
  account: "Only members of a department can put an order on the department's account",
  invoice: 'Invoice is only for shipping orders',
};

/** The method an order is placed with: the one asked for when it applies (400 naming payment_method otherwise), else the default. */
export function chooseMethod(
  delivery: Pick<CheckoutInput, 'fulfillment' | 'payment_method'>,
  memberOfDepartment: boolean,
  cardEnabled: boolean,
): PaymentMethod {
  const open = methodsFor(delivery.fulfillment, memberOfDepartment, cardEnabled);
  const asked = delivery.payment_method;
  if (!asked) return open[0]!;
  if (open.includes(asked)) return asked;
  const choices = open.map((m) => PAYMENT_METHOD_LABELS[m].toLowerCase()).join(' or ');
  const message = `${WHY_NOT[asked]}. Choose ${choices}.`;
  throw badRequest(message, [{ field: 'payment_method', message }]);
}
