import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ProofLink } from '@shared/artwork';
import { Logo } from '@web/components/logo';
import { LanguageSwitch, useLinkLanguage } from '@web/features/language';
import { useFormat } from '@web/i18n/format';
import { ApiRequestError } from '@web/lib/api';
import { useDecideByLink, useProofLink } from './api/artwork-calls';
import { DecisionForm } from './decision-form';
import { ProofRound } from './proof-round';

/** A page of its own for the e-mailed link: no sign-in, no shop navigation; the language switch. */
function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-ink-950">
      <header className="border-b border-gray-800 bg-ink-900">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-4">
          <Logo />
          <LanguageSwitch />
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
  const { t } = useTranslation();
  const format = useFormat();
  const d = link.decision;
  if (link.state === 'expired')
    return (
      <p role="status" className="flex gap-2 rounded-xl border border-amber-700 bg-amber-950 p-4 text-amber-100">
        <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden />
        {t('proofLink.expired')}
      </p>
    );
  if (!d) return null;
  return (
    <div
      role="status"
      data-testid="proof-link-decided"
      className="flex gap-2 rounded-xl border border-emerald-700 bg-emerald-950 p-4 text-emerald-100"
    >
      <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">
          {t(link.state === 'used' ? `proofLink.proofWas.${d.decision}` : `proofLink.artworkWas.${d.decision}`)}
        </p>
        <p>{t(`proofLink.by.${d.via}`, { who: d.by, at: format.dateTime(d.at) })}</p>
        {d.note ? <p className="mt-1 whitespace-pre-line">“{d.note}”</p> : null}
        <p className="mt-1 text-sm">{t('proofLink.noMore')}</p>
      </div>
    </div>
  );
}

/** /proof/:token: show the proof; decide only when a button is pressed (mail scanners open links too). */
export default function ProofLinkPage() {
  const token = useParams().token ?? '';
  const q = useProofLink(token);
  const decide = useDecideByLink(token);
  const { t } = useTranslation();
  const format = useFormat();
  useLinkLanguage(q.data?.language);
  if (q.isPending)
    return (
      <Shell title={t('proofLink.title')}>
        <p role="status" className="text-gray-400">
          {t('proofLink.loading')}
        </p>
      </Shell>
    );
  if (!q.data) {
    const unknown = q.error instanceof ApiRequestError && q.error.status === 404;
    return (
      <Shell title={t('proofLink.title')}>
        <p role="alert" className="rounded-xl border border-red-700 bg-red-950 p-4 text-red-100">
          {unknown ? t('proofLink.invalid') : t('proofLink.failed')}
        </p>
      </Shell>
    );
  }
  const { link } = q.data;
  return (
    <Shell title={t('proofLink.proofFor', { name: link.artwork_name })}>
      <Decided link={link} />
      <ProofRound proof={link.proof} heading="h2" />
      {link.state === 'open' ? (
        <>
          <DecisionForm
            pending={decide.isPending}
            onDecide={(body) => decide.mutateAsync(body).then(() => window.scrollTo({ top: 0 }))}
          />
          <p className="text-xs text-gray-400">{t('proofLink.worksOnce', { at: format.dateTime(link.expires_at) })}</p>
        </>
      ) : null}
    </Shell>
  );
}
