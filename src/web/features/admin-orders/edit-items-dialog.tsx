import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatUsd } from '@shared/money';
import { staffEditSchema, type StaffEditQuote } from '@shared/order-edit';
import { REASON_REQUIRED, type Order } from '@shared/orders';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Modal } from '@web/components/modal';
import { AddLine } from '@web/components/orders/add-line';
import { draftItems, newLine, type LineDraft } from '@web/components/orders/line-draft';
import { LineEditor } from '@web/components/orders/line-editor';
import { Button } from '@web/components/ui';
import { productsQuery } from '@web/features/store';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useEditItems, useEditQuote } from './api/admin-orders-api';
import { useSettled } from '@web/lib/use-settled';
import { NO_STAFF_NOTES, StaffNoteFields } from './note-fields';
import { plural } from '@shared/plural';

// The notes part of the edit; the lines are the line editor's and join them when saving.
const notesForm = z.object({
  denial_reason: staffEditSchema.shape.reason,
  comments: staffEditSchema.shape.comments,
  internal_note: staffEditSchema.shape.internal_note,
});

/**
 * Staff change an order's lines (PUT /orders/admin/:id/items) until it is finished; in production with a reason.
 * As they type, the server prices the lines (POST /orders/admin/:id/quote, through the pricing module), so the new
 * total can be read out on the phone; saving re-prices, records what changed and e-mails the customer.
 */
export function EditItemsDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { data: products } = useQuery(productsQuery);
  const productOf = (id: number) => products?.find((p) => p.id === id);
  const [lines, setLines] = useState<LineDraft[]>(() =>
    order.items.map((i) => ({
      key: `line-${i.id}`,
      product_id: i.product_id,
      name: i.product_name,
      size: i.size,
      quantity: i.quantity,
      customizations: i.customizations.map(({ type, position, text }) => ({ type, position, text })),
    })),
  );
  const edit = useEditItems();
  const inProduction = order.status === 'in_production';
  const schema = notesForm.superRefine((v, ctx) => {
    if (inProduction && !v.denial_reason) {
      ctx.addIssue({ code: 'custom', path: ['denial_reason'], message: REASON_REQUIRED.editInProduction });
    }
  });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: NO_STAFF_NOTES,
  });
  const draft = useMemo(() => draftItems(lines), [lines]);
  const settled = useSettled(draft, 300);
  const quote = useEditQuote(order.id, 'items' in settled ? { items: settled.items } : null);
  const typing = draft !== settled || quote.isFetching;

  const patch = (key: string, p: Partial<LineDraft>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...p } : l)));

  const submit = async (notes: z.output<typeof schema>) => {
    if ('problem' in draft) return form.setError('root.server', { message: draft.problem });
    const { denial_reason: reason, ...rest } = notes;
    const body = staffEditSchema.safeParse({ items: draft.items, reason, ...rest });
    if (!body.success) {
      return form.setError('root.server', { message: body.error.issues[0]?.message ?? 'Check the order' });
    }
    try {
      const saved = await edit.mutateAsync({ id: order.id, body: body.data });
      toast.success(
        `Order ${saved.order_number} saved: total ${formatUsd(order.total)} → ${formatUsd(saved.total)}` +
          (saved.status !== order.status ? ' (sent back for approval)' : ''),
      );
      onClose();
    } catch (err) {
      showServerErrors(err, form.setError, ['comments', 'internal_note'], 'Failed to save the order');
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title={`Edit items of ${order.order_number}`}
      description={
        inProduction
          ? 'This order is in production: say why it changes. The customer gets an e-mail with the reason, the new lines and totals.'
          : 'The order is re-priced when you save, and the customer gets an e-mail with the new lines and totals.'
      }
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" data-testid="edit-items-dialog">
          <ul className="space-y-3">
            {lines.map((l) => (
              <LineEditor
                key={l.key}
                testId="edit-line"
                line={l}
                product={productOf(l.product_id)}
                removable={lines.length > 1}
                onChange={(p) => patch(l.key, p)}
                onRemove={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
              />
            ))}
          </ul>
          <AddLine products={products ?? []} onAdd={(p) => setLines((ls) => [...ls, newLine(p)])} />
          <StaffNoteFields reasonLabel={inProduction ? 'Reason (required, the customer reads it)' : null} />
          <LiveTotal
            before={order.total}
            quote={quote.data}
            problem={
              'problem' in draft
                ? draft.problem
                : quote.error
                  ? errorText(quote.error, 'Cannot price these lines')
                  : null
            }
            updating={typing}
          />
          <ErrorAlert message={form.formState.errors.root?.server?.message} />
          <div className="flex justify-end gap-2 border-t border-gray-800 pt-4">
            <Button variant="secondary" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" loading={edit.isPending}>
              Save changes
            </Button>
          </div>
        </form>
      </FormProvider>
    </Modal>
  );
}

/** The order's total before and as the lines now stand, with tax and shipping, priced by the server. */
function LiveTotal({
  before,
  quote,
  problem,
  updating,
}: {
  before: number;
  quote: StaffEditQuote | undefined;
  problem: string | null;
  updating: boolean;
}) {
  return (
    <div className="rounded-lg border border-gray-800 bg-ink-950/50 p-3 text-sm" data-testid="edit-live-total">
      <p className="flex flex-wrap items-baseline justify-between gap-2 text-gray-300">
        <span>Total before {formatUsd(before)}</span>
        <span aria-live="polite" className="font-semibold text-white">
          Total now {quote ? formatUsd(quote.total) : '…'}
          {updating ? <span className="ml-2 text-xs font-normal text-gray-400">updating…</span> : null}
        </span>
      </p>
      {quote ? (
        <p className="mt-1 text-xs text-gray-400">
          {plural(quote.item_count, 'item')}, subtotal {formatUsd(quote.subtotal)}
          {quote.adjustments.map((a) => `, ${a.label.toLowerCase()} ${formatUsd(a.amount)}`).join('')}
        </p>
      ) : null}
      {problem ? <p className="mt-1 text-xs text-amber-300">{problem}</p> : null}
      <p className="mt-1 text-xs text-gray-400">A department order whose total grows goes back to its approvers.</p>
    </div>
  );
}
