import { useTranslation } from 'react-i18next';
import { STATUS_LABELS } from '@shared/orders';
import { LEDGER_METHOD_LABELS, PAYMENT_METHOD_LABELS, type Invoice } from '@shared/payments';
import { PaperScroll } from '@web/components/paper-scroll';
import { ShopLetterhead } from '@web/components/shop-identity';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';
import { personName } from '@shared/person-name';

const cell = 'border-b border-gray-300 px-2 py-1.5 align-top';
const num = `${cell} text-right tabular-nums whitespace-nowrap`;

/**
 * A line's decoration as the server words it in English (`Embroidered name "RUIZ" · Left`), its kind and side put
 * in the screen's language; the customer's own text stays as typed.
 */
export function decorationWords(text: string, words: (english: string) => string): string {
  const cut = text.lastIndexOf(' · ');
  if (cut < 0) return words(text);
  const head = text.slice(0, cut);
  const quote = head.indexOf(' "');
  const kind = quote < 0 ? head : head.slice(0, quote);
  return `${words(kind)}${quote < 0 ? '' : head.slice(quote)} · ${words(text.slice(cut + 3))}`;
}

/**
 * One order's invoice on paper: the shop, the customer and their department and PO number, the lines with their
 * customisations, the adjustments and total, the payments and the balance. Black on white on screen too, so the
 * screen shows what prints; sized to fit one Letter page for an order of ordinary length.
 */
export function InvoiceSheet({ invoice: inv }: { invoice: Invoice }) {
  const c = inv.customer;
  const name = personName(c.first_name, c.last_name, '');
  const p = inv.payment;
  const { t } = useTranslation();
  const format = useFormat();
  const words = useFromEnglish();
  // English keeps the shared wording ("FREE" for pickup's shipping line) exactly.
  const amount = (a: { kind: string; amount: number }) =>
    a.kind === 'shipping' && a.amount === 0 ? t('money.free') : format.money(a.amount);
  const status = STATUS_LABELS[inv.order_status as keyof typeof STATUS_LABELS];
  return (
    <article
      data-testid="invoice"
      className="paper mx-auto max-w-4xl rounded-lg bg-white p-4 text-sm text-gray-950 shadow-xl sm:p-8 print:max-w-none print:rounded-none print:p-0 print:text-[12px] print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-gray-900 pb-3">
        <ShopLetterhead identity={inv.shop} />
        <div className="text-right">
          <h1 className="text-2xl font-bold tracking-tight">{t('invoice.title')}</h1>
          <dl className="mt-1 grid grid-cols-[auto_auto] justify-end gap-x-3 text-left">
            <dt className="text-gray-600">{t('invoice.number')}</dt>
            <dd className="font-mono font-semibold" data-testid="invoice-number">
              {inv.invoice_number}
            </dd>
            <dt className="text-gray-600">{t('invoice.orderDate')}</dt>
            <dd>{format.date(inv.issued_at)}</dd>
            <dt className="text-gray-600">{t('invoice.orderStatus')}</dt>
            <dd>{status ? words(status) : inv.order_status}</dd>
          </dl>
        </div>
      </header>

      <section className="grid gap-4 border-b border-gray-300 py-3 sm:grid-cols-3 print:grid-cols-3">
        <div>
          <h2 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{t('invoice.billTo')}</h2>
          {name ? <p className="font-semibold">{name}</p> : null}
          <p className="break-words">{c.email}</p>
          {c.phone ? <p>{c.phone}</p> : null}
        </div>
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3">
          <dt className="text-gray-600">{t('invoice.department')}</dt>
          <dd>{inv.department_name ?? '—'}</dd>
          <dt className="text-gray-600">{t('invoice.po')}</dt>
          <dd data-testid="invoice-po">{inv.po_number ?? '—'}</dd>
        </dl>
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3">
          <dt className="text-gray-600">{t('invoice.delivery')}</dt>
          <dd>{inv.fulfillment === 'pickup' ? t('invoice.pickup') : t('invoice.shipping')}</dd>
          <dt className="text-gray-600">{t('invoice.payment')}</dt>
          <dd>{words(PAYMENT_METHOD_LABELS[p.method])}</dd>
        </dl>
      </section>

      {/* The lines fit a 390 px phone (names and the custom part wrap); narrower, they scroll sideways. */}
      <PaperScroll label={t('invoice.lines')} className="mt-3">
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
            {inv.items.map((i, n) => (
              <tr key={n} className="break-inside-avoid" data-testid="invoice-line">
                <td className={cell}>
                  <p className="font-semibold">{t('invoice.itemSize', { name: i.product_name, size: i.size })}</p>
                  {i.customizations.length ? (
                    <p className="text-xs text-gray-700">
                      {i.customizations.map((c) => decorationWords(c, words)).join('; ')}
                    </p>
                  ) : null}
                </td>
                <td className={num}>{i.quantity}</td>
                <td className={num}>
                  {format.money(i.unit_base_price + i.unit_customization_price)}
                  {i.unit_customization_price > 0 ? (
                    <span className="block text-xs whitespace-normal text-gray-700">
                      {t('invoice.inclCustom', { price: format.money(i.unit_customization_price) })}
                    </span>
                  ) : null}
                </td>
                <td className={num}>{format.money(i.total_price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </PaperScroll>

      <div className="mt-3 grid gap-4 sm:grid-cols-[1fr_16rem] print:grid-cols-[1fr_16rem]">
        <section aria-labelledby="invoice-payments-h" className="break-inside-avoid">
          <h2 id="invoice-payments-h" className="mb-1 font-semibold">
            {t('invoice.payments')}
          </h2>
          {p.entries.length ? (
            <table className="w-full border-collapse text-left text-xs">
              <tbody>
                {p.entries.map((e) => (
                  <tr key={e.id} data-testid="invoice-payment">
                    <td className={cell}>{format.date(e.created_at)}</td>
                    <td className={cell}>
                      {e.kind === 'credit' ? `${t('invoice.credit')}${e.reason ? ` · ${e.reason}` : ''}` : null}
                      {e.kind === 'refund' ? `${t('invoice.refund')} · ` : ''}
                      {e.kind === 'credit' ? null : words(LEDGER_METHOD_LABELS[e.method])}
                      {e.reference ? <span className="block break-all text-gray-700">{e.reference}</span> : null}
                    </td>
                    <td className={num}>
                      {e.kind === 'payment' ? format.money(e.amount) : `−${format.money(e.amount)}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-gray-700">{t('invoice.noPayments')}</p>
          )}
        </section>
        <div className="break-inside-avoid" data-testid="invoice-totals">
          <dl className="space-y-1">
            <Row label={t('money.subtotal')} value={format.money(inv.subtotal)} />
            {inv.adjustments.map((a) => (
              <Row key={`${a.kind}-${a.label}`} label={words(a.label)} value={amount(a)} />
            ))}
            <Row label={t('money.total')} value={format.money(inv.total)} strong testId="invoice-total" />
            {p.adjustments.map((a, i) => (
              <Row key={`credit-${i}`} label={words(a.label)} value={amount(a)} />
            ))}
            <Row label={t('invoice.amountDue')} value={format.money(p.amount_due)} testId="invoice-due" />
            <Row label={t('invoice.paid')} value={format.money(p.amount_paid)} testId="invoice-paid" />
            {p.refund_due ? (
              <Row
                label={t('invoice.toRefund')}
                value={format.money(p.refund_due_amount)}
                strong
                testId="invoice-balance"
              />
            ) : (
              <Row label={t('invoice.balanceDue')} value={format.money(p.balance)} strong testId="invoice-balance" />
            )}
          </dl>
          {/* After the list, not in it: a <dl> holds only its term and value pairs. */}
          <p className="pt-1 text-right text-xs text-gray-700" data-testid="invoice-payment-status">
            {words(p.customer_label)}
          </p>
        </div>
      </div>
      <p className="mt-4 border-t border-gray-300 pt-2 text-xs text-gray-700">
        {t('invoice.questions', { phone: inv.shop.phone, email: inv.shop.email, number: inv.invoice_number })}
      </p>
    </article>
  );
}

function Row({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-gray-900 pt-1 font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
