import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '@web/components/load-state';
import { useFormat } from '@web/i18n/format';
import { useMyArtwork } from './api/artwork-calls';
import { ArtworkStatusBadge } from './proof-round';
import { UploadForm } from './upload-form';

/** /artwork: the customer's logos, each with its status and preview, and the upload. */
export default function MyArtworkPage() {
  const list = useMyArtwork();
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 className="mb-1 text-2xl font-bold text-white">{t('artwork.myTitle')}</h1>
      <p className="mb-5 text-sm text-gray-400">{t('artwork.myIntro')}</p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <section aria-labelledby="upload-heading" className="rounded-xl border border-gray-800 bg-ink-900 p-4">
          <h2 id="upload-heading" className="mb-3 text-lg font-semibold text-white">
            {t('artwork.uploadHeading')}
          </h2>
          <UploadForm />
        </section>
        <section aria-labelledby="list-heading">
          <h2 id="list-heading" className="mb-3 text-lg font-semibold text-white">
            {t('artwork.yours')}
          </h2>
          <LoadState
            pending={list.isPending}
            failed={list.isError}
            pendingText={t('artwork.myLoading')}
            failedText={t('artwork.myFailed')}
          />
          {list.data ? (
            list.data.artworks.length === 0 ? (
              <p className="text-gray-400">{t('artwork.none')}</p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2" data-testid="artwork-list">
                {list.data.artworks.map((a) => (
                  <li key={a.id}>
                    <Link
                      to={`/artwork/${a.id}`}
                      className="flex gap-3 rounded-xl border border-gray-800 bg-ink-900 p-3 hover:border-gray-600"
                    >
                      <img
                        src={`${a.preview_url}?v=${encodeURIComponent(a.updated_at)}`}
                        alt=""
                        className="h-20 w-20 shrink-0 rounded-lg bg-white object-contain p-1"
                      />
                      <span className="min-w-0 space-y-1">
                        <span className="block truncate font-medium text-white">{a.name}</span>
                        <ArtworkStatusBadge status={a.status} label={t(`artwork.status.${a.status}`)} />
                        <span className="block text-xs text-gray-400">
                          {t('artwork.uploadedAt', { at: format.dateTime(a.created_at) })}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </section>
      </div>
    </div>
  );
}
