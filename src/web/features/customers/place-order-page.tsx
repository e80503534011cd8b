import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CUSTOMIZATION_LABELS, POSITION_LABELS } from '@shared/cart';
import { DEFAULT_STATE } from '@shared/constants';
import { formatUsd } from '@shared/money';
import type { Fulfillment } from '@shared/orders';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@shared/payments';
import {
  ORDER_CHANNEL_LABELS,
  ORDER_CHANNELS,
  placeForCustomerSchema,
  type CustomerQuote,
  type CustomerQuoteInput,
  type OrderChannel,
  type OrderingFor,
} from '@shared/phone-orders';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { LoadState } from '@web/components/load-state';
import { AddLine } from '@web/components/orders/add-line';
import { draftItems, newLine, type LineDraft } from '@web/components/orders/line-draft';
import { LineEditor } from '@web/components/orders/line-editor';
import { Button, buttonClasses, Field, Input, RadioGroup, Textarea } from '@web/components/ui';
import { useSettled } from '@web/lib/use-settled';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useCustomerQuote, useOrderingFor, usePlaceForCustomer } from './order-for-api';

const card = 'rounded-xl border border-gray-800 bg-ink-900 p-4';
type Address = { address_line1: string; address_line2: string; city: string; zip_code: string };

/** The lines as the API takes them, or the first problem in words. */
function itemsOf(lines: LineDraft[]): { items: CustomerQuoteInput['items'] } | { problem: string } {
  if (lines.length === 0) return { problem: 'Add at least one product' };
  return draftItems(lines);
}

/**
 * /admin/customers/:id/new-order: staff take an order on the phone or at the counter and place it as the customer's
 * own: their catalogue, prices from the server, their department's approval and ways to pay, mailed to them.
 */
export default function PlaceOrderPage() {
  const id = Number(useParams().id);
  const { data, isPending, isError } = useOrderingFor(id);
  return (
    <div className="px-4 py-6 sm:px-6">
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading the customer…"
        failedText="Failed to load the customer"
      />
      {data ? <OrderForm customerId={id} info={data} /> : null}
    </div>
  );
}

function OrderForm({ customerId, info }: { customerId: number; info: OrderingFor }) {
  const navigate = useNavigate();
  const who = info.customer.name ?? info.customer.email;
  const products = info.products;
  const [lines, setLines] = useState<LineDraft[]>([]);
  const [channel, setChannel] = useState<OrderChannel>('phone');
  const [fulfillment, setFulfillment] = useState<Fulfillment>('pickup');
  const methods = info.payment_methods[fulfillment];
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const chosenMethod = method && methods.includes(method) ? method : (methods[0] ?? null);
  const profile = info.customer.address;
  const [address, setAddress] = useState<Address>({
    address_line1: profile?.address_line1 ?? '',
    address_line2: profile?.address_line2 ?? '',
    city: profile?.city ?? '',
    zip_code: profile?.zip_code ?? '',
  });
  const [po, setPo] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const place = usePlaceForCustomer(customerId);

  const draft = useMemo(() => itemsOf(lines), [lines]);
  const settled = useSettled(draft, 300);
  const quote = useCustomerQuote(customerId, 'items' in settled ? { items: settled.items, fulfillment } : null);
  const updating = draft !== settled || quote.isFetching;

  const productOf = (pid: number) => products.find((p) => p.id === pid);
  const patch = (key: string, p: Partial<LineDraft>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...p } : l)));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if ('problem' in draft) return setError(draft.problem);
    const body = {
      items: draft.items,
      channel,
      fulfillment,
      shipping_address:
        fulfillment === 'shipping'
          ? { ...address, address_line2: address.address_line2.trim() || null, state: DEFAULT_STATE as 'AZ' }
          : null,
      po_number: po,
      notes,
      payment_method: chosenMethod,
      expected_allowance: quote.data && !updating ? quote.data.allowance : null,
    };
    const checked = placeForCustomerSchema.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Check the order');
    try {
      const order = await place.mutateAsync(body);
      toast.success(`Order ${order.order_number} placed for ${who}; we e-mailed them the confirmation`);
      void navigate(`/admin/customers/${customerId}`);
    } catch (err) {
      setError(errorText(err, 'Failed to place the order'));
    }
  };

  return (
    <form onSubmit={submit} className="space-y-6" data-testid="place-order-form" noValidate>
      <header className="space-y-1">
        <Link to={`/admin/customers/${customerId}`} className="text-sm text-brand-400 hover:underline">
          ← Back to {who}
        </Link>
        <h1 className="text-2xl font-bold break-words text-white">New order for {who}</h1>
        <p className="text-sm break-words text-gray-400">
          {info.customer.email}
          {info.department
            ? ` · ${info.department.name}${info.department.requires_approval ? ' (orders need the department’s approval)' : ''}`
            : ' · no department'}
        </p>
        {!info.customer.is_active ? (
          <p className="text-sm text-amber-300">
            This customer is deactivated: reactivate them before placing an order.
          </p>
        ) : null}
      </header>

      <section className={card} aria-labelledby="items-h">
        <h2 id="items-h" className="mb-3 font-semibold text-white">
          Items
        </h2>
        {lines.length === 0 ? (
          <p className="mb-3 text-sm text-gray-400">No items yet: add the garments the customer asks for.</p>
        ) : null}
        <ul className="space-y-3">
          {lines.map((l) => (
            <LineEditor
              key={l.key}
              testId="edit-line"
              line={l}
              product={productOf(l.product_id)}
              removable
              onChange={(p) => patch(l.key, p)}
              onRemove={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
            />
          ))}
        </ul>
        <div className="mt-3">
          <AddLine products={products} onAdd={(p) => setLines((ls) => [...ls, newLine(p)])} />
        </div>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <section className={card} aria-labelledby="channel-h">
          <h2 id="channel-h" className="mb-3 font-semibold text-white">
            How the order reached you
          </h2>
          <RadioGroup
            label="How the order reached you"
            value={channel}
            onChange={setChannel}
            options={ORDER_CHANNELS.map((c) => ({ value: c, label: ORDER_CHANNEL_LABELS[c] }))}
          />
        </section>
        <section className={card} aria-labelledby="delivery-h">
          <h2 id="delivery-h" className="mb-3 font-semibold text-white">
            Delivery
          </h2>
          <RadioGroup
            label="Delivery"
            value={fulfillment}
            onChange={setFulfillment}
            options={[
              { value: 'pickup' as const, label: 'Pickup at the shop' },
              { value: 'shipping' as const, label: 'Shipping' },
            ]}
          />
          {fulfillment === 'shipping' ? (
            <fieldset className="mt-3 grid gap-3 sm:grid-cols-6">
              <legend className="mb-2 text-sm font-medium text-gray-300">Shipping address (Arizona)</legend>
              <Field label="Address line 1" className="sm:col-span-6">
                <Input
                  value={address.address_line1}
                  onChange={(e) => setAddress({ ...address, address_line1: e.target.value })}
                />
              </Field>
              <Field label="Address line 2 (optional)" className="sm:col-span-6">
                <Input
                  value={address.address_line2}
                  onChange={(e) => setAddress({ ...address, address_line2: e.target.value })}
                />
              </Field>
              <Field label="City" className="sm:col-span-4">
                <Input value={address.city} onChange={(e) => setAddress({ ...address, city: e.target.value })} />
              </Field>
              <Field label="ZIP code" className="sm:col-span-2">
                <Input
                  inputMode="numeric"
                  maxLength={5}
                  value={address.zip_code}
                  onChange={(e) => setAddress({ ...address, zip_code: e.target.value })}
                />
              </Field>
            </fieldset>
          ) : null}
        </section>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <section className={card} aria-labelledby="payment-h">
          <h2 id="payment-h" className="mb-3 font-semibold text-white">
            Payment
          </h2>
          {chosenMethod ? (
            <RadioGroup
              label="Payment"
              value={chosenMethod}
              onChange={setMethod}
              options={methods.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m], testId: `payment-${m}` }))}
            />
          ) : null}
          <p className="mt-2 text-sm text-gray-400">{paymentNote(chosenMethod, info.department?.name ?? null)}</p>
        </section>
        <section className={`${card} space-y-3`} aria-labelledby="extra-h">
          <h2 id="extra-h" className="font-semibold text-white">
            PO number and notes
          </h2>
          <Field label="PO number (optional)">
            <Input value={po} onChange={(e) => setPo(e.target.value)} />
          </Field>
          <Field label="Notes for the order (optional, the customer sees them)">
            <Textarea rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </Field>
        </section>
      </div>

      <Summary
        quote={'items' in draft ? quote.data : undefined}
        updating={updating}
        problem={
          'problem' in draft ? draft.problem : quote.error ? errorText(quote.error, 'Cannot price these lines') : null
        }
      />
      <ErrorAlert message={error} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-gray-800 pt-4">
        <Link to={`/admin/customers/${customerId}`} className={buttonClasses({ variant: 'ghost' })}>
          Cancel
        </Link>
        <Button type="submit" loading={place.isPending} disabled={!info.customer.is_active}>
          Place order for {who}
        </Button>
      </div>
    </form>
  );
}

function paymentNote(method: PaymentMethod | null, department: string | null): string {
  if (method === 'card') return 'The customer pays online through the link in their confirmation e-mail.';
  if (method === 'account') return `Invoiced to ${department ?? 'the department'}.`;
  if (method === 'invoice') return 'We e-mail the invoice; the order ships once it is paid.';
  if (method === 'pickup') return 'The customer pays at the counter when they collect the order.';
  return '';
}

/** The order as the server prices it for this customer: lines, adjustments, tax, shipping and total. */
function Summary({
  quote,
  updating,
  problem,
}: {
  quote: CustomerQuote | undefined;
  updating: boolean;
  problem: string | null;
}) {
  return (
    <section className={card} aria-labelledby="summary-h" data-testid="place-order-summary">
      <h2 id="summary-h" className="mb-2 font-semibold text-white">
        Summary
      </h2>
      {quote ? (
        <dl className="space-y-1 text-sm">
          {quote.lines.map((l) => (
            <div key={`${l.product_id}-${l.size}-${l.total}`} className="flex justify-between gap-3 text-gray-300">
              <dt className="min-w-0 break-words">
                {l.quantity} × {l.product_name}, {l.size}
                {l.customizations.map((c) => (
                  <span key={c.type} className="block text-xs text-gray-400">
                    {CUSTOMIZATION_LABELS[c.type]} ({POSITION_LABELS[c.position]}){c.text ? `: ${c.text}` : ''}
                  </span>
                ))}
              </dt>
              <dd className="tabular-nums">{formatUsd(l.total)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 border-t border-gray-800 pt-1 text-gray-300">
            <dt>Subtotal</dt>
            <dd className="tabular-nums">{formatUsd(quote.subtotal)}</dd>
          </div>
          {quote.adjustments.map((a) => (
            <div key={`${a.kind}-${a.label}`} className="flex justify-between gap-3 text-gray-300">
              <dt>{a.label}</dt>
              <dd className="tabular-nums">{formatUsd(a.amount)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 text-base font-semibold text-white">
            <dt>Total</dt>
            <dd className="tabular-nums" aria-live="polite" data-testid="place-order-total">
              {formatUsd(quote.total)}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-gray-400">Add items to see the price.</p>
      )}
      {updating && quote ? <p className="mt-1 text-xs text-gray-400">updating…</p> : null}
      {problem ? <p className="mt-1 text-sm text-amber-300">{problem}</p> : null}
    </section>
  );
}
