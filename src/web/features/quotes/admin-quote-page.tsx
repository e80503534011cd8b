import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { formatDueDay } from '@shared/due-date-rules';
import { formatUsd } from '@shared/money';
import type { AdminQuote } from '@shared/quotes';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { LoadState } from '@web/components/load-state';
import { AddLine } from '@web/components/orders/add-line';
import { newLine, type LineDraft } from '@web/components/orders/line-draft';
import { LineEditor } from '@web/components/orders/line-editor';
import { MoneySummary } from '@web/components/orders/money-summary';
import { Button, Field, Input, PageHeader, Textarea } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useCustomerCatalogue, useSaveQuote, useSendQuote, useStaffQuote } from './api/quote-calls';
import { QuoteStatusBadge } from './quote-lines';

type PricedDraft = LineDraft & { unit_price: string };
type TermsForm = { discount: string; setup_fee: string; valid_until: string; message: string; internal_note: string };
const card = 'rounded-xl border border-gray-800 bg-ink-900 p-4';

/** /admin/quotes/:id: staff price a quote (lines, garment price each, discount, setup fee, valid until) and send it. */
export default function AdminQuotePage() {
  const id = Number(useParams().id);
  const q = useStaffQuote(id);
  return (
    <div className="space-y-5 px-4 py-6 sm:px-6">
      <p>
        <Link to="/admin/quotes" className="text-sm text-brand-400 underline">
          The quote queue
        </Link>
      </p>
      <LoadState
        pending={q.isPending}
        failed={q.isError}
        pendingText="Loading the quote…"
        failedText="The quote could not be loaded."
      />
      {q.data ? <Editor key={q.data.quote.id} quote={q.data.quote} /> : null}
    </div>
  );
}

const draftsOf = (quote: AdminQuote): PricedDraft[] =>
  quote.lines.map((l) => ({
    key: String(l.id),
    product_id: l.product_id,
    name: l.product_name,
    size: l.size,
    quantity: l.quantity,
    customizations: l.customizations,
    unit_price: l.unit_base_price.toFixed(2),
  }));

function Editor({ quote }: { quote: AdminQuote }) {
  const [lines, setLines] = useState<PricedDraft[]>(() => draftsOf(quote));
  const [linesChanged, setLinesChanged] = useState(false);
  const change = (f: (ls: PricedDraft[]) => PricedDraft[]) => {
    setLines(f);
    setLinesChanged(true);
  };
  const catalogue = useCustomerCatalogue(quote.customer.id);
  const products = catalogue.data?.products ?? [];
  const save = useSaveQuote(quote.id);
  const send = useSendQuote(quote.id);
  const closed = quote.status === 'accepted' || quote.status === 'declined';
  const form = useForm<TermsForm>({
    defaultValues: {
      discount: quote.discount.toFixed(2),
      setup_fee: quote.setup_fee.toFixed(2),
      valid_until: quote.valid_until ?? '',
      message: quote.message ?? '',
      internal_note: quote.internal_note ?? '',
    },
  });
  const errors = form.formState.errors;
  const dirty = form.formState.isDirty || linesChanged;
  const patch = (key: string, p: Partial<PricedDraft>) =>
    change((ls) => ls.map((l) => (l.key === key ? { ...l, ...p } : l)));

  const submit = async (v: TermsForm) => {
    try {
      await save.mutateAsync({
        lines: lines.map((l) => ({
          product_id: l.product_id,
          size: l.size,
          quantity: l.quantity,
          customizations: l.customizations,
          unit_price: Number(l.unit_price),
        })),
        discount: Number(v.discount || 0),
        setup_fee: Number(v.setup_fee || 0),
        valid_until: v.valid_until || null,
        message: v.message || null,
        internal_note: v.internal_note || null,
      });
      setLinesChanged(false);
      form.reset(v);
      toast.success('Quote saved');
    } catch (err) {
      showServerErrors(
        err,
        form.setError,
        ['discount', 'setup_fee', 'valid_until', 'message', 'internal_note'],
        'The quote could not be saved',
      );
    }
  };
  const sendNow = async () => {
    try {
      await send.mutateAsync();
      toast.success(`Quote sent to ${quote.customer.email}`);
    } catch (err) {
      form.setError('root.server', { message: errorText(err, 'The quote could not be sent') });
    }
  };

  return (
    <>
      <PageHeader
        flush
        title={`Quote ${quote.quote_number}`}
        description={
          <>
            For{' '}
            <Link to={`/admin/customers/${quote.customer.id}`} className="text-brand-400 underline">
              {quote.customer.name ?? quote.customer.email}
            </Link>{' '}
            ({quote.customer.email}){quote.started_by_staff ? ', started by staff' : ''}
          </>
        }
        actions={<QuoteStatusBadge status={quote.status} />}
      />
      {quote.note ? (
        <blockquote className="border-l-2 border-amber-400 pl-3 text-sm text-gray-200">
          The customer wrote: {quote.note}
        </blockquote>
      ) : null}
      {quote.need_by ? (
        <p className="text-sm text-amber-200" data-testid="admin-quote-need-by">
          Needed by {formatDueDay(quote.need_by)}
        </p>
      ) : null}
      {quote.order ? (
        <p className="text-gray-200">
          Accepted: order{' '}
          <Link to={`/admin/orders?order=${quote.order.id}`} className="text-brand-400 underline">
            {quote.order.order_number}
          </Link>
        </p>
      ) : null}
      <form onSubmit={form.handleSubmit(submit)} className="grid gap-5 xl:grid-cols-[1fr_24rem]" noValidate>
        <section className={card} aria-labelledby="q-lines-h">
          <h2 id="q-lines-h" className="mb-3 font-semibold text-white">
            Lines
          </h2>
          <div className="space-y-3">
            {lines.map((l) => {
              const server = quote.lines.find((x) => String(x.id) === l.key);
              const product = products.find((p) => p.id === l.product_id);
              return (
                <div key={l.key} className="space-y-2">
                  <ul>
                    <LineEditor
                      testId="quote-line"
                      line={l}
                      product={product}
                      removable={!closed && lines.length > 1}
                      onChange={(p) => patch(l.key, p)}
                      onRemove={() => change((ls) => ls.filter((x) => x.key !== l.key))}
                    />
                  </ul>
                  <Field
                    label={`Garment price each, ${l.name} size ${l.size}`}
                    hint={
                      server
                        ? `Catalogue ${formatUsd(server.list_unit_base_price)}; decorations ${formatUsd(server.unit_customization_price)} each`
                        : undefined
                    }
                  >
                    <Input
                      inputMode="decimal"
                      value={l.unit_price}
                      disabled={closed}
                      onChange={(e) => patch(l.key, { unit_price: e.target.value })}
                      data-testid="quote-unit-price"
                    />
                  </Field>
                </div>
              );
            })}
          </div>
          {!closed && products.length ? (
            <div className="mt-3">
              <AddLine
                products={products}
                onAdd={(p) => {
                  const line = newLine(p);
                  change((ls) => [...ls, { ...line, unit_price: p.price.toFixed(2) }]);
                }}
              />
            </div>
          ) : null}
        </section>
        <div className="space-y-4">
          <section className={`${card} space-y-3`} aria-labelledby="q-terms-h">
            <h2 id="q-terms-h" className="font-semibold text-white">
              Terms
            </h2>
            <div className="grid grid-cols-2 gap-2">
              <Field label="Discount ($)" error={errors.discount?.message}>
                <Input inputMode="decimal" {...form.register('discount')} disabled={closed} />
              </Field>
              <Field label="Setup fee ($)" error={errors.setup_fee?.message}>
                <Input inputMode="decimal" {...form.register('setup_fee')} disabled={closed} />
              </Field>
            </div>
            <Field label="Valid until" error={errors.valid_until?.message}>
              <Input type="date" {...form.register('valid_until')} disabled={closed} />
            </Field>
            <Field label="Message to the customer (optional)" error={errors.message?.message}>
              <Textarea rows={3} {...form.register('message')} disabled={closed} />
            </Field>
            <Field label="Internal note (staff only)" error={errors.internal_note?.message}>
              <Textarea rows={2} {...form.register('internal_note')} disabled={closed} />
            </Field>
          </section>
          <section className={card} aria-labelledby="q-totals-h">
            <h2 id="q-totals-h" className="mb-2 font-semibold text-white">
              As saved (pickup)
            </h2>
            <MoneySummary priced={quote} testIdPrefix="admin-quote" />
          </section>
          {errors.root?.server ? <ErrorAlert message={errors.root.server.message} /> : null}
          {!closed ? (
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending} data-testid="save-quote">
                {save.isPending ? 'Saving…' : 'Save'}
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={send.isPending || save.isPending || dirty}
                onClick={sendNow}
                data-testid="send-quote"
              >
                {quote.status === 'requested' ? 'Send to the customer' : 'Send again'}
              </Button>
            </div>
          ) : null}
          {!closed && dirty ? <p className="text-xs text-gray-400">Save the changes before sending.</p> : null}
        </div>
      </form>
    </>
  );
}
