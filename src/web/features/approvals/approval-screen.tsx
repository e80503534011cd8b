import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { approveSchema, denySchema } from '@shared/orders';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { DecisionNotes, NO_NOTES } from '@web/components/orders/decision-notes';
import { OrderLines } from '@web/components/orders/order-lines';
import { ApproverCost, OrderFacts } from '@web/components/orders/order-summary';
import { Button } from '@web/components/ui';
import { useLinkLanguage } from '@web/features/language';
import { useFormat } from '@web/i18n/format';
import { ApiRequestError } from '@web/lib/api';
import { useApproval, useDecide } from './api/approval-api';
import { ApprovalShell } from './approval-shell';
import { Banner, decidedTitle, DecisionState } from './decision-state';
import { removalProblems, RemoveLines, type Removals } from './remove-lines';
import { personName } from '@shared/person-name';

/** /approval/:token and /denial/:token: show the order; decide only when the button is pressed. */
export function ApprovalScreen({ kind }: { kind: 'approve' | 'deny' }) {
  const token = useParams().token ?? '';
  const { data, isPending, error } = useApproval(token);
  const decide = useDecide(token);
  const { t } = useTranslation();
  const format = useFormat();
  useLinkLanguage(data?.language);
  // Approving carries only comments; the reason box is not shown, so its empty value is not checked.
  const schema = kind === 'approve' ? approveSchema.extend({ denial_reason: z.string() }) : denySchema;
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: NO_NOTES,
  });
  const title = kind === 'approve' ? t('approval.approveOrder') : t('approval.denyOrder');
  const [removals, setRemovals] = useState<Removals>({});
  const [tried, setTried] = useState(false);

  if (isPending)
    return (
      <ApprovalShell title={title}>
        <p role="status" className="text-gray-400">
          {t('approval.loading')}
        </p>
      </ApprovalShell>
    );
  if (error || !data) {
    const unknown = error instanceof ApiRequestError && error.status === 404;
    return (
      <ApprovalShell title={title}>
        <Banner
          tone="red"
          icon={<AlertTriangle className="h-6 w-6" aria-hidden />}
          title={unknown ? t('approval.invalidTitle') : t('approval.failedTitle')}
        >
          {unknown ? t('approval.invalidText') : t('approval.failedText')}
        </Banner>
      </ApprovalShell>
    );
  }
  const { approval, order } = data;
  const c = order.customer;

  const submit = async () => {
    // The words as typed: the server trims and checks them again.
    const { denial_reason = '', comments } = form.getValues();
    const notes = { denial_reason, comments: comments ?? '' };
    setTried(true);
    const problems = removalProblems(order.items, removals, true);
    if (kind === 'approve' && (problems.all || problems.missing.size)) return;
    const removed_lines = Object.entries(removals).map(([id, reason]) => ({ line_id: Number(id), reason }));
    try {
      await decide.mutateAsync(
        kind === 'approve'
          ? { kind, comments: notes.comments, ...(removed_lines.length ? { removed_lines } : {}) }
          : { kind, ...notes },
      );
      // The outcome banner sits at the top; the button was at the bottom.
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (err) {
      showServerErrors(err, form.setError, ['denial_reason', 'comments'], t('approval.saveFailed'));
    }
  };

  return (
    <ApprovalShell title={decidedTitle(approval, kind, t)}>
      <div className="space-y-5">
        <DecisionState approval={approval} />
        <section className="rounded-xl border border-gray-800 bg-ink-900 p-4 sm:p-5" aria-label={t('approval.order')}>
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="font-mono text-lg font-semibold text-white">{order.order_number}</h2>
            <p className="text-sm text-gray-400">{t('approval.placed', { at: format.dateTime(order.created_at) })}</p>
          </div>
          {c ? (
            <p className="mb-3 text-sm text-gray-300">
              {t('approval.orderedBy')}{' '}
              <strong className="text-gray-100">{personName(c.first_name, c.last_name, c.email)}</strong> ({c.email})
            </p>
          ) : null}
          <OrderLines items={order.items} />
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <OrderFacts order={order} />
            <ApproverCost order={order} />
          </div>
        </section>
        {approval.state === 'open' ? (
          <FormProvider {...form}>
            <form
              noValidate
              onSubmit={form.handleSubmit(submit)}
              className="space-y-3 rounded-xl border border-gray-800 bg-ink-900 p-4 sm:p-5"
            >
              {kind === 'approve' ? (
                <RemoveLines items={order.items} removals={removals} onChange={setRemovals} tried={tried} />
              ) : null}
              <DecisionNotes reasonLabel={kind === 'deny' ? t('approval.reasonLabel') : null} reasonHeight="min-h-20" />
              <ErrorAlert message={form.formState.errors.root?.server?.message} />
              <div className="flex flex-wrap items-center justify-between gap-3">
                <Link
                  to={kind === 'approve' ? `/denial/${token}` : `/approval/${token}`}
                  className="text-sm text-gray-400 underline hover:text-gray-200"
                >
                  {kind === 'approve' ? t('approval.denyInstead') : t('approval.approveInstead')}
                </Link>
                <Button
                  type="submit"
                  size="lg"
                  variant={kind === 'approve' ? 'success' : 'danger'}
                  loading={decide.isPending}
                >
                  {decide.isPending
                    ? t('approval.saving')
                    : kind === 'deny'
                      ? t('approval.denyOrder')
                      : Object.keys(removals).length
                        ? t('approval.approveWithout')
                        : t('approval.approveOrder')}
                </Button>
              </div>
              <p className="text-xs text-gray-400">
                {t('approval.linkFor', { email: approval.approver_email, at: format.dateTime(approval.expires_at) })}
              </p>
            </form>
          </FormProvider>
        ) : null}
      </div>
    </ApprovalShell>
  );
}
