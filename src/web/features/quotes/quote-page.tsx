import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@shared/payments';
import type { QuoteDetail } from '@shared/quotes';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { LoadState } from '@web/components/load-state';
import { MoneySummary } from '@web/components/orders/money-summary';
import { Button, Field, Input, PageHeader, RadioGroup, Select, Textarea } from '@web/components/ui';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';
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
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6">
      <p>
        <Link to="/quotes" className="text-sm text-brand-400 underline">
          {t('quotes.all')}
        </Link>
      </p>
      <LoadState
        pending={q.isPending}
        failed={q.isError && !missing}
        pendingText={t('quotes.loading')}
        failedText={t('quotes.failed')}
      />
      {missing ? <p className="text-gray-300">{t('quotes.notFound')}</p> : null}
      {quote ? (
        <>
          <PageHeader
            flush
            title={t('quotes.title', { number: quote.quote_number })}
            description={
              quote.status === 'requested'
                ? t('quotes.pricing')
                : quote.valid_until
                  ? t('quotes.validUntilSentence', { day: format.day(quote.valid_until) })
                  : undefined
            }
            actions={<QuoteStatusBadge status={quote.status} />}
          />
          <div className="grid gap-5 lg:grid-cols-[1fr_24rem]">
            <section className={card} aria-labelledby="lines-h">
              <h2 id="lines-h" className="mb-2 font-semibold text-white">
                {t('quotes.whatWeQuoted')}
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
              {quote.note ? (
                <p className="mt-3 text-sm text-gray-400">{t('quotes.yourNote', { note: quote.note })}</p>
              ) : null}
              {quote.need_by ? (
                <p className="text-sm text-gray-400">{t('quotes.neededBy', { day: format.day(quote.need_by) })}</p>
              ) : null}
            </section>
            <div className="space-y-4">
              {quote.order ? (
                <p className={card}>
                  {t('quotes.acceptedOrder')}{' '}
                  <Link to={`/orders?order=${quote.order.id}`} className="text-brand-400 underline">
                    {quote.order.order_number}
                  </Link>
                </p>
              ) : null}
              {quote.status === 'expired' ? <p className={card}>{t('quotes.expired')}</p> : null}
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
  const { t } = useTranslation();
  const words = useFromEnglish();
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
      toast.success(t('quotes.placed', { number: answer.order.order_number }));
      navigate(`/orders?order=${answer.order.id}`);
    } catch (err) {
      showServerErrors(
        err,
        form.setError,
        ['address_line1', 'city', 'zip_code', 'po_number', 'payment_method'],
        errorText(err, t('quotes.acceptFailed')),
      );
    }
  };
  return (
    <form className={`${card} space-y-3`} onSubmit={form.handleSubmit(submit)} aria-labelledby="accept-h" noValidate>
      <h2 id="accept-h" className="font-semibold text-white">
        {t('quotes.acceptTitle')}
      </h2>
      <RadioGroup
        label={t('quotes.delivery')}
        labelHidden={false}
        value={fulfillment}
        onChange={onFulfillment}
        options={[
          { value: 'pickup', label: t('quotes.pickup') },
          { value: 'shipping', label: t('quotes.shipping') },
        ]}
      />
      {fulfillment === 'shipping' ? (
        <div className="space-y-2">
          <Field label={t('quotes.address')} error={errors.address_line1?.message}>
            <Input {...form.register('address_line1')} autoComplete="address-line1" />
          </Field>
          <Field label={t('checkout.line2')}>
            <Input {...form.register('address_line2')} autoComplete="address-line2" />
          </Field>
          <div className="grid grid-cols-2 gap-2">
            <Field label={t('checkout.city')} error={errors.city?.message}>
              <Input {...form.register('city')} autoComplete="address-level2" />
            </Field>
            <Field label={t('checkout.zip')} error={errors.zip_code?.message}>
              <Input {...form.register('zip_code')} autoComplete="postal-code" inputMode="numeric" />
            </Field>
          </div>
          <p className="text-xs text-gray-400">{t('quotes.arizona')}</p>
        </div>
      ) : null}
      <Field label={t('quotes.howPay')} error={errors.payment_method?.message}>
        <Select {...form.register('payment_method')} value={method ?? ''}>
          {methods.map((m) => (
            <option key={m} value={m}>
              {words(PAYMENT_METHOD_LABELS[m])}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('checkout.po')} error={errors.po_number?.message}>
        <Input {...form.register('po_number')} />
      </Field>
      {errors.root?.server ? <ErrorAlert message={errors.root.server.message} /> : null}
      <Button type="submit" disabled={accept.isPending || !method} data-testid="accept-quote" className="w-full">
        {accept.isPending ? t('quotes.placing') : t('quotes.accept')}
      </Button>
      <p className="text-xs text-gray-400">{t('quotes.acceptNote')}</p>
    </form>
  );
}

function DeclinePanel({ id }: { id: number }) {
  const decline = useDeclineQuote(id);
  const { t } = useTranslation();
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const submit = async (v: { reason: string }) => {
    try {
      await decline.mutateAsync(v.reason);
      toast.success(t('quotes.declined'));
    } catch (err) {
      showServerErrors(err, form.setError, ['reason'], t('quotes.declineFailed'));
    }
  };
  return (
    <form className={`${card} space-y-3`} onSubmit={form.handleSubmit(submit)} aria-labelledby="decline-h">
      <h2 id="decline-h" className="font-semibold text-white">
        {t('quotes.notForYou')}
      </h2>
      <Field label={t('quotes.why')} error={form.formState.errors.reason?.message}>
        <Textarea {...form.register('reason')} rows={2} />
      </Field>
      {form.formState.errors.root?.server ? <ErrorAlert message={form.formState.errors.root.server.message} /> : null}
      <Button type="submit" variant="secondary" disabled={decline.isPending} data-testid="decline-quote">
        {t('quotes.decline')}
      </Button>
    </form>
  );
}
