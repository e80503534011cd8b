import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadState } from '@web/components/load-state';
import { toast } from '@web/lib/toast';
import { useArtwork, useDecideArtwork } from './api/artwork-calls';
import { DecisionForm } from './decision-form';
import { ArtworkStatusBadge, ArtworkTimeline, ProofRound } from './proof-round';

/** /artwork/:id: one logo, every proof round (the latest first) and, while a proof waits, the decision. */
export default function ArtworkPage() {
  const id = Number(useParams().id);
  const q = useArtwork(id);
  const decide = useDecideArtwork(id);
  const a = q.data?.artwork;
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-4xl space-y-5 px-4 py-6">
      <Link to="/artwork" className="inline-flex items-center gap-1 text-sm text-gray-300 underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t('artwork.myTitle')}
      </Link>
      <LoadState
        pending={q.isPending}
        failed={q.isError}
        pendingText={t('artwork.loading')}
        failedText={t('artwork.notFound')}
      />
      {a ? (
        <>
          <div className="flex flex-wrap items-center gap-4">
            <img
              src={`${a.preview_url}?v=${encodeURIComponent(a.updated_at)}`}
              alt={t('artwork.preview', { name: a.name })}
              className="h-28 w-28 rounded-lg bg-white object-contain p-1"
            />
            <div className="space-y-2">
              <h1 className="text-2xl font-bold text-white">{a.name}</h1>
              <ArtworkStatusBadge status={a.status} label={t(`artwork.status.${a.status}`)} />
              {a.preview_is_placeholder ? <p className="text-sm text-gray-400">{t('artwork.pdf')}</p> : null}
            </div>
          </div>
          {a.status === 'proof_sent' ? (
            <DecisionForm
              pending={decide.isPending}
              onDecide={async (body) => {
                await decide.mutateAsync(body);
                toast.success(body.decision === 'approve' ? t('artwork.approved') : t('artwork.changesAsked'));
              }}
            />
          ) : null}
          <section aria-labelledby="proofs-heading" className="space-y-3">
            <h2 id="proofs-heading" className="text-lg font-semibold text-white">
              {t('artwork.proofs')}
            </h2>
            {a.proofs.length === 0 ? (
              <p className="text-gray-400">{t('artwork.noProof')}</p>
            ) : (
              [...a.proofs].reverse().map((p) => <ProofRound key={p.round} proof={p} />)
            )}
          </section>
          <section aria-labelledby="timeline-heading" className="space-y-2">
            <h2 id="timeline-heading" className="text-lg font-semibold text-white">
              {t('artwork.history')}
            </h2>
            <ArtworkTimeline events={a.events} />
          </section>
        </>
      ) : null}
    </div>
  );
}
