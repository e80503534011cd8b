import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { ProofLink } from '@shared/artwork';
import { Logo } from '@web/components/logo';
import { formatDateTime } from '@web/components/orders/status-badge';
import { ApiRequestError } from '@web/lib/api';
import { useDecideByLink, useProofLink } from './api/artwork-calls';
import { DecisionForm } from './decision-form';
import { ProofRound } from './proof-round';

/** A page of its own for the e-mailed link: no sign-in, no shop navigation. */
function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-ink-950">
      <header className="border-b border-gray-800 bg-ink-900">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-4">
          <Logo />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-bold text-white">{title}</h1>
        {children}
      </main>
    </div>
  );
}

function Decided({ link }: { link: ProofLink }) {
  const d = link.decision;
  if (link.state === 'expired')
    return (
      <p role="status" className="flex gap-2 rounded-xl border border-amber-700 bg-amber-950 p-4 text-amber-100">
        <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden />
        This link has expired. Sign in to the shop and open My artwork to review the proof, or contact us.
      </p>
    );
  if (!d) return null;
  const what = d.decision === 'approved' ? 'approved' : 'sent back for changes';
  return (
    <div
      role="status"
      data-testid="proof-link-decided"
      className="flex gap-2 rounded-xl border border-emerald-700 bg-emerald-950 p-4 text-emerald-100"
    >
      <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">
          {link.state === 'used' ? 'This proof was' : 'This artwork was already'} {what}
        </p>
        <p>
          By {d.by} {d.via === 'link' ? 'from the e-mailed link' : 'in the shop'} on {formatDateTime(d.at)}.
        </p>
        {d.note ? <p className="mt-1 whitespace-pre-line">“{d.note}”</p> : null}
        <p className="mt-1 text-sm">This link no longer works; nothing more is needed here.</p>
      </div>
    </div>
  );
}

/** /proof/:token: show the proof; decide only when a button is pressed (mail scanners open links too). */
export default function ProofLinkPage() {
  const token = useParams().token ?? '';
  const q = useProofLink(token);
  const decide = useDecideByLink(token);
  if (q.isPending)
    return (
      <Shell title="Your proof">
        <p role="status" className="text-gray-400">
          Loading the proof…
        </p>
      </Shell>
    );
  if (!q.data) {
    const unknown = q.error instanceof ApiRequestError && q.error.status === 404;
    return (
      <Shell title="Your proof">
        <p role="alert" className="rounded-xl border border-red-700 bg-red-950 p-4 text-red-100">
          {unknown
            ? 'This proof link is not valid. Check that you opened the whole link from the e-mail.'
            : 'The proof could not be loaded. Please try again in a moment.'}
        </p>
      </Shell>
    );
  }
  const { link } = q.data;
  return (
    <Shell title={`Proof for ${link.artwork_name}`}>
      <Decided link={link} />
      <ProofRound proof={link.proof} heading="h2" />
      {link.state === 'open' ? (
        <>
          <DecisionForm
            pending={decide.isPending}
            onDecide={(body) => decide.mutateAsync(body).then(() => window.scrollTo({ top: 0 }))}
          />
          <p className="text-xs text-gray-400">This link works once, until {formatDateTime(link.expires_at)}.</p>
        </>
      ) : null}
    </Shell>
  );
}
