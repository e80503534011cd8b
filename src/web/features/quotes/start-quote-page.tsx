import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { LoadState } from '@web/components/load-state';
import { AddLine } from '@web/components/orders/add-line';
import { draftItems, newLine, type LineDraft } from '@web/components/orders/line-draft';
import { LineEditor } from '@web/components/orders/line-editor';
import { Button, Field, Input, PageHeader, Textarea } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useCustomerCatalogue, useStartQuote } from './api/quote-calls';

/** /admin/customers/:id/new-quote: staff start a quote for a customer (a phone request), then price it in the editor. */
export default function StartQuotePage() {
  const customerId = Number(useParams().id);
  const navigate = useNavigate();
  const catalogue = useCustomerCatalogue(customerId);
  const start = useStartQuote(customerId);
  const [lines, setLines] = useState<LineDraft[]>([]);
  const [note, setNote] = useState('');
  const [needBy, setNeedBy] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const products = catalogue.data?.products ?? [];
  const who = catalogue.data ? (catalogue.data.customer.name ?? catalogue.data.customer.email) : '';
  const submit = async () => {
    const draft = lines.length ? draftItems(lines) : { problem: 'Add at least one product' };
    if ('problem' in draft) return setProblem(draft.problem);
    try {
      const answer = await start.mutateAsync({ items: draft.items, note: note || null, need_by: needBy || null });
      toast.success(`Quote ${answer.quote.quote_number} started`);
      navigate(`/admin/quotes/${answer.quote.id}`);
    } catch (err) {
      setProblem(errorText(err, 'The quote could not be started'));
    }
  };
  return (
    <div className="space-y-5 px-4 py-6 sm:px-6">
      <p>
        <Link to={`/admin/customers/${customerId}`} className="text-sm text-brand-400 underline">
          Back to the customer
        </Link>
      </p>
      <LoadState
        pending={catalogue.isPending}
        failed={catalogue.isError}
        pendingText="Loading the customer…"
        failedText="Failed to load the customer"
      />
      {catalogue.data ? (
        <>
          <PageHeader flush title={`Start a quote for ${who}`} description="Add what they ask for; price it next." />
          <section className="rounded-xl border border-gray-800 bg-ink-900 p-4" aria-labelledby="sq-items">
            <h2 id="sq-items" className="mb-3 font-semibold text-white">
              Items
            </h2>
            {lines.length === 0 ? <p className="mb-3 text-sm text-gray-400">No items yet.</p> : null}
            <ul className="space-y-3">
              {lines.map((l) => (
                <LineEditor
                  key={l.key}
                  testId="start-quote-line"
                  line={l}
                  product={products.find((p) => p.id === l.product_id)}
                  removable
                  onChange={(p) => setLines((ls) => ls.map((x) => (x.key === l.key ? { ...x, ...p } : x)))}
                  onRemove={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                />
              ))}
            </ul>
            <div className="mt-3">
              <AddLine products={products} onAdd={(p) => setLines((ls) => [...ls, newLine(p)])} />
            </div>
          </section>
          <Field label="What they asked for (optional)">
            <Textarea rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <Field label="Needed by (optional)">
            <Input
              type="date"
              value={needBy}
              onChange={(e) => setNeedBy(e.target.value)}
              data-testid="start-quote-need-by"
            />
          </Field>
          {problem ? <ErrorAlert message={problem} /> : null}
          <Button onClick={submit} disabled={start.isPending} data-testid="start-quote">
            Start the quote
          </Button>
        </>
      ) : null}
    </div>
  );
}
