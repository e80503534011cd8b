import { useTranslation } from 'react-i18next';
import { ARTWORK_STATUS_LABELS, type ArtworkEventView, type ArtworkStatus, type ProofView } from '@shared/artwork';
import { cx } from '@web/components/ui';
import { useFormat } from '@web/i18n/format';

const TONES: Record<ArtworkStatus, string> = {
  submitted: 'border-sky-700 bg-sky-950 text-sky-200',
  proof_sent: 'border-amber-700 bg-amber-950 text-amber-200',
  changes_requested: 'border-orange-700 bg-orange-950 text-orange-200',
  approved: 'border-emerald-700 bg-emerald-950 text-emerald-200',
};

export function ArtworkStatusBadge({ status, label }: { status: ArtworkStatus; label?: string }) {
  return (
    <span
      data-testid="artwork-status"
      className={cx('inline-block rounded-full border px-2.5 py-0.5 text-xs font-medium', TONES[status])}
    >
      {label ?? ARTWORK_STATUS_LABELS[status]}
    </span>
  );
}

const inches = (n: number) => `${Number(n.toFixed(2))}″`;

/** One proof round: the image on a light ground (logos are often dark on transparent), its facts and its decision. */
export function ProofRound({ proof, heading = 'h3' }: { proof: ProofView; heading?: 'h2' | 'h3' }) {
  const H = heading;
  const d = proof.decision;
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <article
      data-testid={`proof-round-${proof.round}`}
      className="grid gap-4 rounded-xl border border-gray-800 bg-ink-900 p-4 sm:grid-cols-[minmax(0,16rem)_1fr]"
    >
      <img
        src={proof.image_url}
        alt={t('artwork.proof', { round: proof.round })}
        className="aspect-square w-full rounded-lg bg-white object-contain p-2"
      />
      <div className="min-w-0 space-y-2 text-sm text-gray-300">
        <H className="text-base font-semibold text-white">{t('artwork.proof', { round: proof.round })}</H>
        <p className="text-gray-400">{t('artwork.sent', { at: format.dateTime(proof.sent_at) })}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-gray-400">{t('artwork.size')}</dt>
          <dd>{t('artwork.dimensions', { width: inches(proof.width_in), height: inches(proof.height_in) })}</dd>
          <dt className="text-gray-400">{t('artwork.stitches')}</dt>
          <dd>{proof.stitch_count.toLocaleString('en-US')}</dd>
          <dt className="text-gray-400">{t('artwork.threads')}</dt>
          <dd>{proof.thread_colours.join(', ')}</dd>
        </dl>
        {proof.note ? <p className="whitespace-pre-line">{t('artwork.shopNote', { note: proof.note })}</p> : null}
        {d ? (
          <p
            data-testid="proof-decision"
            className={cx(
              'rounded-lg border p-2',
              d.decision === 'approved' ? 'border-emerald-800 text-emerald-200' : 'border-orange-800 text-orange-200',
            )}
          >
            {t(d.via === 'link' ? `artwork.decidedByLink.${d.decision}` : `artwork.decidedBy.${d.decision}`, {
              who: d.by,
              at: format.dateTime(d.at),
            })}
            {d.note ? <span className="mt-1 block whitespace-pre-line text-gray-200">“{d.note}”</span> : null}
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** The artwork's timeline, oldest first. */
export function ArtworkTimeline({ events }: { events: ArtworkEventView[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ol className="space-y-2 text-sm" aria-label={t('artwork.timeline')}>
      {events.map((e, i) => (
        <li key={i} className="border-l-2 border-gray-700 pl-3">
          <span className="font-medium text-gray-100">
            {t(`artwork.event.${e.kind}`)}
            {e.round ? ` ${t('artwork.eventRound', { round: e.round })}` : ''}
          </span>{' '}
          <span className="text-gray-400">{t('artwork.eventBy', { who: e.by, at: format.dateTime(e.at) })}</span>
          {e.note ? <span className="block whitespace-pre-line text-gray-300">“{e.note}”</span> : null}
        </li>
      ))}
    </ol>
  );
}
