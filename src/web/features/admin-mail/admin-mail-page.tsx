import { RotateCw } from 'lucide-react';
import type { TroubledMail } from '@shared/mail-admin';
import { formatShopDateTime } from '@shared/time';
import { plural } from '@shared/plural';
import { LoadState } from '@web/components/load-state';
import { Button, PageHeader, Table, type Column } from '@web/components/ui';
import { formatAge } from '@web/lib/age';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useMailTrouble, useResendMail } from './mail-api';

function useResend() {
  const resend = useResendMail();
  const run = (id: number | null) =>
    resend.mutate(id, {
      onSuccess: (r) =>
        toast.success(r.resent === 0 ? 'Nothing to resend.' : `${plural(r.resent, 'mail')} queued to send again.`),
      onError: (err) => toast.error(errorText(err, 'The mail could not be queued again')),
    });
  return { run, pending: resend.isPending };
}

function columns(now: number, resend: ReturnType<typeof useResend>): Column<TroubledMail>[] {
  return [
    { key: 'to', header: 'Recipient', label: 'Recipient', cell: (m) => <span className="break-all">{m.to}</span> },
    {
      key: 'subject',
      header: 'Subject',
      label: 'Subject',
      cell: (m) => <span className="break-words">{m.subject}</span>,
    },
    { key: 'kind', header: 'Kind', label: 'Kind', cell: (m) => <code className="text-xs">{m.kind}</code> },
    {
      key: 'attempts',
      header: 'Attempts',
      label: 'Attempts',
      cell: (m) => <span className="tabular-nums">{m.attempts}</span>,
    },
    {
      key: 'error',
      header: 'Last error',
      label: 'Last error',
      cell: (m) => <span className="break-all text-xs text-gray-300">{m.last_error ?? 'None yet: never tried'}</span>,
    },
    {
      key: 'age',
      header: 'Age',
      label: 'Age',
      cell: (m) => (
        <span className="whitespace-nowrap" title={formatShopDateTime(m.created_at)}>
          {formatAge(m.created_at, now)}
          {m.requeued_at ? (
            <span className="block text-xs text-gray-400">resent {formatAge(m.requeued_at, now)}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'action',
      header: <span className="sr-only">Action</span>,
      label: 'Action',
      cell: (m) =>
        m.status === 'sending' ? (
          <span className="text-xs text-gray-400">Being sent</span>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            disabled={resend.pending}
            onClick={() => resend.run(m.id)}
            aria-label={`Resend "${m.subject}" to ${m.to}`}
          >
            Resend
          </Button>
        ),
    },
  ];
}

/** /admin/mail: mail the outbox gave up on or that is late, with resends (admins; docs/operations.md). */
export default function AdminMailPage() {
  const { data, isPending, isError, error, dataUpdatedAt } = useMailTrouble();
  const resend = useResend();
  const now = dataUpdatedAt || Date.now();
  const cols = columns(now, resend);
  return (
    <div className="px-4 py-6 sm:px-6">
      <PageHeader
        title="Mail"
        description="Mail the shop could not deliver. A mail is retried for 3 days before it is given up; late mail has waited more than 15 minutes past its time. Resending starts its 3 days again."
        actions={
          <Button
            variant="primary"
            size="sm"
            disabled={resend.pending || !data || data.failed_count === 0}
            onClick={() => resend.run(null)}
          >
            <RotateCw className="h-4 w-4" aria-hidden />
            Resend all failed
          </Button>
        }
      />
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading mail…"
        failedText={errorText(error, 'Failed to load the mail')}
      />
      {data ? (
        <div className="space-y-8">
          <section aria-labelledby="mail-failed">
            <h2 id="mail-failed" className="mb-2 text-lg font-semibold text-white">
              Failed ({data.failed_count})
            </h2>
            <Table
              caption="Failed mail, newest first"
              captionHidden
              columns={cols}
              rows={data.failed}
              rowKey={(m) => String(m.id)}
              stackOnPhone
              empty="No failed mail."
            />
          </section>
          <section aria-labelledby="mail-late">
            <h2 id="mail-late" className="mb-2 text-lg font-semibold text-white">
              Late ({data.late_count})
            </h2>
            <Table
              caption="Late mail, newest first"
              captionHidden
              columns={cols}
              rows={data.late}
              rowKey={(m) => String(m.id)}
              stackOnPhone
              empty="No late mail: everything due has gone."
            />
          </section>
        </div>
      ) : null}
    </div>
  );
}
