import { AlertTriangle, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Logo } from '@web/components/logo';
import { Button } from '@web/components/ui';
import { LanguageSwitch, useLinkLanguage } from '@web/features/language';
import { ApiRequestError } from '@web/lib/api';
import { useInvoice } from './api/invoice-api';
import { InvoiceSheet } from './invoice-sheet';

/**
 * /invoice/:token: an order's printable invoice from its signed link (no login; docs/security.md#payments). Outside
 * the shop's layout like the approval pages: the shop's mark and a Print button on screen, the sheet alone on paper.
 */
export default function InvoicePage() {
  const token = useParams().token ?? '';
  const { data, isPending, error } = useInvoice(token);
  const invoice = data?.invoice;
  const { t } = useTranslation();
  useLinkLanguage(data?.language);
  const unknown = error instanceof ApiRequestError && error.status === 404;
  // A link works 180 days; My Orders gives a new one (security round 3, finding 10).
  const expired = error instanceof ApiRequestError && error.status === 410;
  return (
    <div className="min-h-dvh bg-ink-950 print:min-h-0 print:bg-white">
      <header className="border-b border-gray-800 bg-ink-900 print:hidden">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3">
          <Logo />
          <div className="flex flex-wrap items-center gap-2">
            <LanguageSwitch />
            {invoice ? (
              <Button onClick={() => window.print()} data-testid="print-invoice">
                <Printer className="h-4 w-4" aria-hidden />
                {t('invoice.print')}
              </Button>
            ) : null}
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-4xl px-2 py-4 sm:px-4 sm:py-8 print:max-w-none print:p-0">
        {isPending ? (
          <p role="status" className="text-gray-400">
            {t('invoice.loading')}
          </p>
        ) : null}
        {error ? (
          <div role="alert" className="flex gap-3 rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-red-100">
            <AlertTriangle className="h-6 w-6 shrink-0 text-red-300" aria-hidden />
            <div>
              <h1 className="font-semibold text-white">
                {expired ? t('invoice.expiredTitle') : unknown ? t('invoice.invalidTitle') : t('invoice.failedTitle')}
              </h1>
              <p className="mt-1 text-sm">
                {expired ? t('invoice.expiredText') : unknown ? t('invoice.invalidText') : t('invoice.failedText')}
              </p>
            </div>
          </div>
        ) : null}
        {invoice ? <InvoiceSheet invoice={invoice} /> : null}
      </main>
    </div>
  );
}
