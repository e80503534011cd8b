import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDueDay } from '@shared/due-date-rules';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@shared/payments';
import type { QuoteDetail } from '@shared/quotes';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { LoadState } from '@web/components/load-state';
import { MoneySummary } from '@web/components/orders/money-summary';
import { Button, Field, Input, PageHeader, RadioGroup, Select, Textarea } from '@web/components/ui';
import { ApiRequestError, errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useAcceptQuote, useCheckoutChoices, useDeclineQuote, useQuote } from './api/quote-calls';
import { QuoteLines, QuoteStatusBadge } from './quote-lines';

type Fulfillment = 'pickup' | 'shipping';
type AcceptForm = {
  payment_method: string;
  po_number: string;
  address_line1: string;
  address_line2: string;
  city: string;
  zip_code: string;
};
const card = 'rounded-xl border border-gray-800 bg-ink-900 p-4';

/** /quotes/:id: one quote; a sent one is accepted with the checkout's choices (the prices are the quote's) or declined. */
export default function QuotePage() {
  const id = Number(useParams().id);
  const [fulfillment, setFulfillment] = useState<Fulfillment>('pickup');
  const q = useQuote(id, fulfillment);
  const missing = q.error instanceof ApiRequestError && q.error.status === 404;
  const quote = q.data?.quote;
  return (
    <div className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6">
      <p>
        <Link to="/quotes" className="text-sm text-brand-400 underline">
          All my quotes
        </Link>
      </p>
      <LoadState
        pending={q.isPending}
        failed={q.isError && !missing}
        pendingText="Loading the quote…"
        failedText="The quote could not be loaded."
      />
      {missing ? <p className="text-gray-300">This quote was not found.</p> : null}
      {quote ? (
        <>
          <PageHeader
            flush
            title={`Quote ${quote.quote_number}`}
            description={
              quote.status === 'requested'
                ? 'We are pricing your quote and will e-mail you when it is ready.'
                : quote.valid_until
                  ? `Valid until ${formatDueDay(quote.valid_until)}.`
                  : undefined
            }
            actions={<QuoteStatusBadge status={quote.status} />}
          />
          <div className="grid gap-5 lg:grid-cols-[1fr_24rem]">
            <section className={card} aria-labelledby="lines-h">
              <h2 id="lines-h" className="mb-2 font-semibold text-white">
                What we quoted
              </h2>
              {quote.message ? (
                <blockquote className="mb-3 border-l-2 border-brand-400 pl-3 text-sm text-gray-200">
                  {quote.message}
                </blockquote>
              ) : null}
              <QuoteLines quote={quote} />
              <div className="mt-3">
                <MoneySummary priced={quote} testIdPrefix="quote" updating={q.isFetching} />
              </div>
              {quote.note ? <p className="mt-3 text-sm text-gray-400">Your note: {quote.note}</p> : null}
              {quote.need_by ? <p className="text-sm text-gray-400">Needed by {formatDueDay(quote.need_by)}</p> : null}
            </section>
            <div className="space-y-4">
              {quote.order ? (
                <p className={card}>
                  Accepted: order{' '}
                  <Link to={`/orders?order=${quote.order.id}`} className="text-brand-400 underline">
                    {quote.order.order_number}
                  </Link>
                </p>
              ) : null}
              {quote.status === 'expired' ? (
                <p className={card}>This quote has expired: ask us for a new one.</p>
              ) : null}
              {quote.can_accept ? (
                <>
                  <AcceptPanel quote={quote} fulfillment={fulfillment} onFulfillment={setFulfillment} />
                  <DeclinePanel id={quote.id} />
                </>
              ) : null}
            </div>
          </div>
        </>
      ) : null}
    </div>
  );
}

function AcceptPanel({
  quote,
  fulfillment,
  onFulfillment,
}: {
  quote: QuoteDetail;
  fulfillment: Fulfillment;
  onFulfillment: (f: Fulfillment) => void;
}) {
  const navigate = useNavigate();
  const choices = useCheckoutChoices();
  const accept = useAcceptQuote(quote.id);
  const form = useForm<AcceptForm>({
    defaultValues: { payment_method: '', po_number: '', address_line1: '', address_line2: '', city: '', zip_code: '' },
  });
  const methods: PaymentMethod[] = choices.data?.payment_methods[fulfillment] ?? [];
  const chosen = form.watch('payment_method');
  const method = methods.includes(chosen as PaymentMethod) ? (chosen as PaymentMethod) : methods[0];
  const errors = form.formState.errors;
  const submit = async (v: AcceptForm) => {
    try {
      const answer = await accept.mutateAsync({
        fulfillment,
        shipping_address:
          fulfillment === 'shipping'
            ? {
                address_line1: v.address_line1,
                address_line2: v.address_line2 || null,
                city: v.city,
                state: 'AZ',
                zip_code: v.zip_code,
              }
            : null,
        payment_method: method ?? null,
        po_number: v.po_number || null,
      });
      toast.success(`Order ${answer.order.order_number} placed`);
      navigate(`/orders?order=${answer.order.id}`);
    } catch (err) {
      showServerErrors(
        err,
        form.setError,
        ['address_line1', 'city', 'zip_code', 'po_number', 'payment_method'],
        errorText(err, 'The quote could not be accepted'),
      );
    }
  };
  return (
    <form className={`${card} space-y-3`} onSubmit={form.handleSubmit(submit)} aria-labelledby="accept-h" noValidate>
      <h2 id="accept-h" className="font-semibold text-white">
        Accept and order
      </h2>
      <RadioGroup
        label="Delivery"
        labelHidden={false}
        value={fulfillment}
        onChange={onFulfillment}
        options={[
          { value: 'pickup', label: 'Pickup at the shop' },
          { value: 'shipping', label: 'Shipping' },
        ]}
      />
      {fulfillment === 'shipping' ? (
        <div className="space-y-2">
          <Field label="Address" error={errors.address_line1?.message}>
            <Input {...form.register('address_line1')} autoComplete="address-line1" />
          </Field>
          <Field label="Address line 2 (optional)">
            <Input {...form.register('address_line2')} autoComplete="address-line2" />
          </Field>
          <div className="grid grid-cols-2 gap-2">
            <Field label="City" error={errors.city?.message}>
              <Input {...form.register('city')} autoComplete="address-level2" />
            </Field>
            <Field label="ZIP code" error={errors.zip_code?.message}>
              <Input {...form.register('zip_code')} autoComplete="postal-code" inputMode="numeric" />
            </Field>
          </div>
          <p className="text-xs text-gray-400">We ship within Arizona.</p>
        </div>
      ) : null}
      <Field label="How you will pay" error={errors.payment_method?.message}>
        <Select {...form.register('payment_method')} value={method ?? ''}>
          {methods.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="PO number (optional)" error={errors.po_number?.message}>
        <Input {...form.register('po_number')} />
      </Field>
      {errors.root?.server ? <ErrorAlert message={errors.root.server.message} /> : null}
      <Button type="submit" disabled={accept.isPending || !method} data-testid="accept-quote" className="w-full">
        {accept.isPending ? 'Placing the order…' : 'Accept and place the order'}
      </Button>
      <p className="text-xs text-gray-400">
        The order is placed at the quoted prices; your department’s approval applies as for any order.
      </p>
    </form>
  );
}

function DeclinePanel({ id }: { id: number }) {
  const decline = useDeclineQuote(id);
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const submit = async (v: { reason: string }) => {
    try {
      await decline.mutateAsync(v.reason);
      toast.success('Quote declined');
    } catch (err) {
      showServerErrors(err, form.setError, ['reason'], 'The quote could not be declined');
    }
  };
  return (
    <form className={`${card} space-y-3`} onSubmit={form.handleSubmit(submit)} aria-labelledby="decline-h">
      <h2 id="decline-h" className="font-semibold text-white">
        Not for you?
      </h2>
      <Field label="Why (optional)" error={form.formState.errors.reason?.message}>
        <Textarea {...form.register('reason')} rows={2} />
      </Field>
      {form.formState.errors.root?.server ? <ErrorAlert message={form.formState.errors.root.server.message} /> : null}
      <Button type="submit" variant="secondary" disabled={decline.isPending} data-testid="decline-quote">
        Decline the quote
      </Button>
    </form>
  );
}
