import { AlertTriangle, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { QuotePrint } from '@shared/quotes';
import { Logo } from '@web/components/logo';
import { PaperScroll } from '@web/components/paper-scroll';
import { Button } from '@web/components/ui';
import { LanguageSwitch, useLinkLanguage } from '@web/features/language';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';
import { useQuotePrint } from './api/quote-calls';
import { decorationText } from './quote-lines';
import { useDecorationKinds } from '@web/lib/use-decoration-kinds';

const cell = 'border-b border-gray-300 px-2 py-1.5 align-top';
const num = `${cell} text-right tabular-nums whitespace-nowrap`;

/**
 * /quote/:token: a sent quote from the signed link in its mail (no login), printable like the invoice: the shop's mark
 * and the buttons on screen, the sheet alone on paper.
 */
export default function QuotePrintPage() {
  const token = useParams().token ?? '';
  const { data, isPending, error } = useQuotePrint(token);
  const { t } = useTranslation();
  useLinkLanguage(data?.language);
  return (
    <div className="min-h-dvh bg-ink-950 print:min-h-0 print:bg-white">
      <header className="border-b border-gray-800 bg-ink-900 print:hidden">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Logo />
          <div className="flex flex-wrap items-center gap-2">
            <LanguageSwitch />
            {data?.quote.can_accept ? (
              <Link
                to={`/quotes/${data.quote.id}`}
                className="inline-flex items-center rounded-lg bg-brand-500 px-3 py-2 text-sm font-semibold text-ink-950"
              >
                {t('quotes.print.acceptInShop')}
              </Link>
            ) : null}
            {data ? (
              <Button onClick={() => window.print()} data-testid="print-quote">
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
            {t('quotes.loading')}
          </p>
        ) : null}
        {error ? (
          <div role="alert" className="flex gap-3 rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-red-100">
            <AlertTriangle className="h-6 w-6 shrink-0 text-red-300" aria-hidden />
            <div>
              <h1 className="font-semibold text-white">{t('quotes.print.invalidTitle')}</h1>
              <p className="mt-1 text-sm">{t('quotes.print.invalidText')}</p>
            </div>
          </div>
        ) : null}
        {data ? <QuoteSheet print={data} /> : null}
      </main>
    </div>
  );
}

function QuoteSheet({ print: { quote: q, shop } }: { print: QuotePrint }) {
  const kinds = useDecorationKinds();
  const { t } = useTranslation();
  const format = useFormat();
  const words = useFromEnglish();
  // English keeps the shared wording ("FREE" for pickup's shipping line) exactly.
  const amount = (a: { kind: string; amount: number }) =>
    a.kind === 'shipping' && a.amount === 0 ? t('money.free') : format.money(a.amount);
  return (
    <article
      data-testid="quote-sheet"
      className="paper mx-auto max-w-4xl rounded-lg bg-white p-4 text-sm text-gray-950 shadow-xl sm:p-8 print:max-w-none print:rounded-none print:p-0 print:text-[12px] print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-gray-900 pb-3">
        <address className="not-italic">
          <p className="text-lg font-bold">{shop.name}</p>
          {shop.legal_name !== shop.name ? <p>{shop.legal_name}</p> : null}
          <p>{shop.address.street}</p>
          <p>
            {shop.address.city}, {shop.address.region} {shop.address.postal_code}
          </p>
          <p>
            {shop.phone} · {shop.email}
          </p>
        </address>
        <div className="text-right">
          <h1 className="text-2xl font-bold tracking-tight">{t('quotes.print.title')}</h1>
          <dl className="mt-1 grid grid-cols-[auto_auto] justify-end gap-x-3 text-left">
            <dt className="text-gray-600">{t('quotes.print.number')}</dt>
            <dd className="font-mono font-semibold">{q.quote_number}</dd>
            <dt className="text-gray-600">{t('quotes.print.date')}</dt>
            <dd>{format.date(q.sent_at ?? q.created_at)}</dd>
            <dt className="text-gray-600">{t('quotes.print.validUntil')}</dt>
            <dd>{q.valid_until ? format.day(q.valid_until) : '—'}</dd>
            <dt className="text-gray-600">{t('quotes.print.status')}</dt>
            <dd>{t(`quotes.status.${q.status}`)}</dd>
          </dl>
        </div>
      </header>
      <section className="grid gap-4 border-b border-gray-300 py-3 sm:grid-cols-2 print:grid-cols-2">
        <div>
          <h2 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
            {t('quotes.print.preparedFor')}
          </h2>
          {q.customer.name ? <p className="font-semibold">{q.customer.name}</p> : null}
          <p className="break-words">{q.customer.email}</p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3">
          <dt className="text-gray-600">{t('quotes.print.neededBy')}</dt>
          <dd>{q.need_by ? format.day(q.need_by) : '—'}</dd>
          <dt className="text-gray-600">{t('quotes.delivery')}</dt>
          <dd>{t('quotes.print.delivery')}</dd>
        </dl>
      </section>
      {q.message ? <p className="border-b border-gray-300 py-3">{q.message}</p> : null}
      <PaperScroll label={t('quotes.print.lines')} className="mt-3">
        <table className="w-full min-w-[20rem] border-collapse text-left print:min-w-0">
          <thead className="text-xs tracking-wide text-gray-600 uppercase">
            <tr>
              <th className={cell}>{t('invoice.item')}</th>
              <th className={`${cell} text-right`}>{t('invoice.qty')}</th>
              <th className={`${cell} text-right`}>{t('invoice.unitPrice')}</th>
              <th className={`${cell} text-right`}>{t('invoice.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {q.lines.map((l) => (
              <tr key={l.id}>
                <td className={cell}>
                  <p className="font-medium">{t('quotes.print.item', { name: l.product_name, size: l.size })}</p>
                  {l.customizations.length ? (
                    <p className="text-gray-600">
                      {l.customizations.map((c) => decorationText(c, kinds, words)).join(', ')}
                    </p>
                  ) : null}
                </td>
                <td className={num}>{l.quantity}</td>
                <td className={num}>{format.money(l.unit_price)}</td>
                <td className={num}>{format.money(l.total_price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </PaperScroll>
      <dl className="mt-3 ml-auto max-w-xs space-y-1">
        <Row label={t('money.subtotal')} value={format.money(q.subtotal)} />
        {q.adjustments.map((a) => (
          <Row key={`${a.kind}-${a.label}`} label={words(a.label)} value={amount(a)} />
        ))}
        <Row label={t('money.total')} value={format.money(q.total)} strong />
      </dl>
    </article>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t-2 border-gray-900 pt-1 font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
