import { useTranslation } from 'react-i18next';
import { useFromEnglish } from '@web/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, ShoppingCart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_STATE } from '@shared/constants';
import { OrderLines } from '@web/components/orders/order-lines';
import { MoneySummary } from '@web/components/orders/order-summary';
import { Button, buttonClasses } from '@web/components/ui';
import { AllowanceNotice } from '@web/features/allowance';
import { useSession } from '@web/features/auth';
import { useSaveAddress } from '@web/features/addresses';
import { useSettings } from '@web/features/cart';
import { canPayOnline, startPayment, type PlacedState } from '@web/features/orders';
import { ApiRequestError, errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useCheckoutInfo, useCheckoutQuote } from './api/checkout-data';
import { usePlaceOrder } from './api/place-order';
import {
  checkoutFormSchema,
  chosenMethod,
  dueDateProblem,
  toCheckoutBody,
  type CheckoutForm,
} from './checkout-form-schema';
import { DueDateField, ReadyByEstimate } from './due-date-field';
import { DeliveryFields } from './delivery-fields';
import { PaymentChoice } from './payment-choice';

export default function CheckoutPage() {
  const { t } = useTranslation();
  const words = useFromEnglish();
  const settings = useSettings();
  const info = useCheckoutInfo();
  const { data: user } = useSession();
  const place = usePlaceOrder();
  const saveAddress = useSaveAddress();
  const navigate = useNavigate();
  const form = useForm<CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    mode: 'onBlur',
    defaultValues: {
      fulfillment: 'pickup',
      address: {
        address_line1: user?.address_line1 ?? '',
        address_line2: user?.address_line2 ?? '',
        city: user?.city ?? '',
        state: DEFAULT_STATE,
        zip_code: user?.zip_code ?? '',
      },
      po_number: '',
      notes: '',
      payment_method: '',
      due_date: '',
      address_choice: '',
      save_address: false,
    },
  });
  // Set once the order is placed and the browser is leaving for Stripe's page: Place order stays busy.
  const [leaving, setLeaving] = useState(false);

  const fulfillment = form.watch('fulfillment');
  const quote = useCheckoutQuote(fulfillment);

  if (quote.isPending)
    return (
      <PageShell>
        <p className="text-gray-400" role="status">
          {t('checkout.loading')}
        </p>
      </PageShell>
    );
  if (quote.isError)
    return (
      <PageShell>
        <p role="alert" className="text-red-400">
          {t('checkout.loadFailed')}
        </p>
      </PageShell>
    );
  const items = quote.data.items;
  if (items.length === 0) {
    return (
      <PageShell>
        <div className="mx-auto max-w-md rounded-xl border border-gray-800 bg-ink-900 p-8 text-center">
          <ShoppingCart className="mx-auto h-10 w-10 text-gray-500" aria-hidden />
          <h2 className="mt-3 text-xl font-semibold text-white">{t('cart.empty')}</h2>
          <p className="mt-1 text-gray-400">{t('cart.emptyHint')}</p>
          <Link to="/store" className={buttonClasses({ className: 'mt-5' })}>
            {t('checkout.browse')}
          </Link>
        </div>
      </PageShell>
    );
  }

  const shippingCost = settings.shipping_cost;
  const department = info.data?.department ?? null;
  const offered = info.data?.payment_methods[fulfillment] ?? [];
  const method = chosenMethod(form.watch('payment_method'), offered);
  // The quote shown is for the fulfilment chosen; while the other one loads, the last one stays, dimmed.
  const updating = quote.isPlaceholderData || quote.data.fulfillment !== fulfillment;
  const blocked = quote.data.blocked;

  const earliest = settings.earliest_due_date;
  const submit = form.handleSubmit(async (values) => {
    const tooSoon = dueDateProblem(values.due_date, earliest);
    if (tooSoon) {
      form.setError('due_date', { message: tooSoon }, { shouldFocus: true });
      return;
    }
    const typed = values.address_choice === 'new' || values.address_choice === '';
    if (values.fulfillment === 'shipping' && typed && values.save_address) {
      // The order does not wait on the address book: a failed save is said, and the order is still placed.
      try {
        await saveAddress.mutateAsync({ body: { ...values.address, state: DEFAULT_STATE } });
      } catch (err) {
        toast.warning(words(errorText(err, t('checkout.addressNotSaved'))));
      }
    }
    let order;
    try {
      const allowance = quote.data.adjustments.find((a) => a.kind === 'allowance');
      order = await place.mutateAsync({
        ...toCheckoutBody(values, method),
        expected_allowance: allowance ? -allowance.amount : null,
      });
    } catch (err) {
      const message = words(errorText(err, t('checkout.placeFailed')));
      // The shop's clock decides: a day that turned too soon meanwhile is shown at the field too.
      if (err instanceof ApiRequestError && err.body?.code === 'DUE_DATE_TOO_EARLY')
        form.setError('due_date', { message }, { shouldFocus: true });
      toast.error(message);
      return;
    }
    // The confirmation screen shows the order it is handed at once, and fetches it again on a reload.
    const placed = (state: PlacedState) => navigate(`/orders/${order.id}/placed`, { state });
    if (!canPayOnline(order)) return placed({ order });
    // A card order that needs no approval is paid now, on Stripe's page; it comes back to the confirmation.
    setLeaving(true);
    try {
      window.location.assign(await startPayment(order.id));
    } catch (err) {
      setLeaving(false);
      placed({ order, payError: words(errorText(err, t('checkout.payServiceDown'))) });
    }
  });

  return (
    <PageShell>
      <AllowanceNotice />
      {department?.requires_approval ? (
        <div
          data-testid="approval-notice"
          className="mb-5 flex gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-amber-100"
        >
          <Building2 className="h-5 w-5 shrink-0 text-amber-300" aria-hidden />
          <p>
            {t('checkout.approvalBefore')} <strong>{department.name}</strong> {t('checkout.approvalAfter')}
          </p>
        </div>
      ) : null}
      <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <section className="rounded-xl border border-gray-800 bg-ink-900 p-4 sm:p-5" aria-labelledby="items-h">
            <h2 id="items-h" className="text-lg font-semibold text-white">
              {t('checkout.items')} <span className="text-sm font-normal text-gray-400">({quote.data.item_count})</span>
            </h2>
            <OrderLines items={items} />
            {blocked.length ? (
              <ul role="alert" className="mt-2 space-y-1 text-sm text-red-400">
                {blocked.map((b) => (
                  <li key={b.item_id}>{words(b.reason)}</li>
                ))}
              </ul>
            ) : null}
          </section>
          <section className="rounded-xl border border-gray-800 bg-ink-900 p-4 sm:p-5">
            <DeliveryFields form={form} shippingCost={shippingCost} />
          </section>
          <section className="rounded-xl border border-gray-800 bg-ink-900 p-4 sm:p-5">
            <DueDateField form={form} earliest={earliest} />
          </section>
          {method ? (
            <div className="rounded-xl border border-gray-800 bg-ink-900 p-4 sm:p-5">
              <PaymentChoice
                methods={offered}
                value={method}
                onChange={(m) => form.setValue('payment_method', m)}
                fulfillment={fulfillment}
                needsApproval={department?.requires_approval ?? false}
                department={department?.name ?? null}
              />
            </div>
          ) : null}
        </div>
        <aside className="space-y-4 lg:sticky lg:top-20 lg:self-start">
          <section className="rounded-xl border border-gray-800 bg-ink-900 p-4 sm:p-5" aria-labelledby="summary-h">
            <h2 id="summary-h" className="mb-3 text-lg font-semibold text-white">
              {t('checkout.summary')}
            </h2>
            <MoneySummary priced={quote.data} testIdPrefix="checkout" updating={updating} />
            <ReadyByEstimate asked={form.watch('due_date')} earliest={earliest} />
            <Button
              type="submit"
              size="lg"
              block
              loading={place.isPending || leaving}
              disabled={updating || blocked.length > 0 || info.isPending}
              className="mt-4"
            >
              {leaving ? t('checkout.opening') : place.isPending ? t('checkout.placing') : t('checkout.place')}
            </Button>
          </section>
        </aside>
      </form>
    </PageShell>
  );
}

function PageShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  // A screen reader announces the new page by its heading, and the next Tab starts at the form, not the header.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 ref={heading} tabIndex={-1} className="mb-5 text-2xl font-bold text-white focus:outline-none">
        {t('checkout.title')}
      </h1>
      {children}
    </div>
  );
}
