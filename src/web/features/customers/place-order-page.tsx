import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { placeForCustomerSchema, type CustomerQuoteInput, type OrderingFor } from '@shared/phone-orders';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { LoadState } from '@web/components/load-state';
import { draftItems, type LineDraft } from '@web/components/orders/line-draft';
import { Button, buttonClasses } from '@web/components/ui';
import { useSettled } from '@web/lib/use-settled';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useCustomerQuote, useOrderingFor, usePlaceForCustomer } from './order-for-api';
import { PhoneOrderDelivery } from './phone-order-delivery';
import { chosenMethod, phoneOrderFormSchema, toPlaceBody, type PhoneOrderForm } from './phone-order-form';
import { PhoneOrderItems } from './phone-order-items';
import { PhoneOrderPayment } from './phone-order-payment';
import { PhoneOrderSummary } from './phone-order-summary';

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
  const profile = info.customer.address;
  const form = useForm<PhoneOrderForm>({
    resolver: zodResolver(phoneOrderFormSchema),
    defaultValues: {
      channel: 'phone',
      fulfillment: 'pickup',
      address: {
        address_line1: profile?.address_line1 ?? '',
        address_line2: profile?.address_line2 ?? '',
        city: profile?.city ?? '',
        zip_code: profile?.zip_code ?? '',
      },
      po_number: '',
      notes: '',
      payment_method: '',
    },
  });
  const [lines, setLines] = useState<LineDraft[]>([]);
  const place = usePlaceForCustomer(customerId);
  const fulfillment = form.watch('fulfillment');
  const methods = info.payment_methods[fulfillment];
  const method = chosenMethod(form.watch('payment_method'), methods);

  const draft = useMemo(() => itemsOf(lines), [lines]);
  const settled = useSettled(draft, 300);
  const quote = useCustomerQuote(customerId, 'items' in settled ? { items: settled.items, fulfillment } : null);
  const updating = draft !== settled || quote.isFetching;

  const submit = async (v: PhoneOrderForm) => {
    if ('problem' in draft) return form.setError('root.server', { message: draft.problem });
    const body = toPlaceBody(v, draft.items, method, quote.data && !updating ? quote.data.allowance : null);
    const checked = placeForCustomerSchema.safeParse(body);
    if (!checked.success)
      return form.setError('root.server', { message: checked.error.issues[0]?.message ?? 'Check the order' });
    try {
      const order = await place.mutateAsync(body);
      toast.success(`Order ${order.order_number} placed for ${who}; we e-mailed them the confirmation`);
      void navigate(`/admin/customers/${customerId}`);
    } catch (err) {
      showServerErrors(err, form.setError, ['po_number', 'notes'], 'Failed to place the order');
    }
  };

  return (
    <form onSubmit={form.handleSubmit(submit)} className="space-y-6" data-testid="place-order-form" noValidate>
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

      <PhoneOrderItems lines={lines} products={info.products} onLines={setLines} />
      <PhoneOrderDelivery form={form} />
      <PhoneOrderPayment form={form} methods={methods} chosen={method} department={info.department?.name ?? null} />
      <PhoneOrderSummary
        quote={'items' in draft ? quote.data : undefined}
        updating={updating}
        problem={
          'problem' in draft ? draft.problem : quote.error ? errorText(quote.error, 'Cannot price these lines') : null
        }
      />
      <ErrorAlert message={form.formState.errors.root?.server?.message} />
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
