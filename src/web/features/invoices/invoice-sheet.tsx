import { adjustmentAmount, formatUsd } from '@shared/money';
import { STATUS_LABELS } from '@shared/orders';
import { LEDGER_METHOD_LABELS, PAYMENT_METHOD_LABELS, type Invoice } from '@shared/payments';
import { formatShopDate } from '@shared/time';
import { PaperScroll } from '@web/components/paper-scroll';
import { ShopLetterhead } from '@web/components/shop-identity';
import { personName } from '@shared/person-name';

const cell = 'border-b border-gray-300 px-2 py-1.5 align-top';
const num = `${cell} text-right tabular-nums whitespace-nowrap`;

/**
 * One order's invoice on paper: the shop, the customer and their department and PO number, the lines with their
 * customisations, the adjustments and total, the payments and the balance. Black on white on screen too, so the
 * screen shows what prints; sized to fit one Letter page for an order of ordinary length.
 */
export function InvoiceSheet({ invoice: inv }: { invoice: Invoice }) {
  const c = inv.customer;
  const name = personName(c.first_name, c.last_name, '');
  const p = inv.payment;
  return (
    <article
      data-testid="invoice"
      className="paper mx-auto max-w-4xl rounded-lg bg-white p-4 text-sm text-gray-950 shadow-xl sm:p-8 print:max-w-none print:rounded-none print:p-0 print:text-[12px] print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-gray-900 pb-3">
        <ShopLetterhead identity={inv.shop} />
        <div className="text-right">
          <h1 className="text-2xl font-bold tracking-tight">Invoice</h1>
          <dl className="mt-1 grid grid-cols-[auto_auto] justify-end gap-x-3 text-left">
            <dt className="text-gray-600">Invoice no.</dt>
            <dd className="font-mono font-semibold" data-testid="invoice-number">
              {inv.invoice_number}
            </dd>
            <dt className="text-gray-600">Order date</dt>
            <dd>{formatShopDate(inv.issued_at)}</dd>
            <dt className="text-gray-600">Order status</dt>
            <dd>{STATUS_LABELS[inv.order_status as keyof typeof STATUS_LABELS] ?? inv.order_status}</dd>
          </dl>
        </div>
      </header>

      <section className="grid gap-4 border-b border-gray-300 py-3 sm:grid-cols-3 print:grid-cols-3">
        <div>
          <h2 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">Bill to</h2>
          {name ? <p className="font-semibold">{name}</p> : null}
          <p className="break-words">{c.email}</p>
          {c.phone ? <p>{c.phone}</p> : null}
        </div>
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3">
          <dt className="text-gray-600">Department</dt>
          <dd>{inv.department_name ?? '—'}</dd>
          <dt className="text-gray-600">PO number</dt>
          <dd data-testid="invoice-po">{inv.po_number ?? '—'}</dd>
        </dl>
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3">
          <dt className="text-gray-600">Delivery</dt>
          <dd>{inv.fulfillment === 'pickup' ? 'Pickup at the shop' : 'Shipping'}</dd>
          <dt className="text-gray-600">Payment</dt>
          <dd>{PAYMENT_METHOD_LABELS[p.method]}</dd>
        </dl>
      </section>

      {/* The lines fit a 390 px phone (names and the custom part wrap); narrower, they scroll sideways. */}
      <PaperScroll label="Invoice lines" className="mt-3">
        <table className="w-full min-w-[20rem] border-collapse text-left print:min-w-0">
          <thead className="text-xs tracking-wide text-gray-600 uppercase">
            <tr>
              <th className={cell}>Item</th>
              <th className={`${cell} text-right`}>Qty</th>
              <th className={`${cell} text-right`}>Unit price</th>
              <th className={`${cell} text-right`}>Amount</th>
            </tr>
          </thead>
          <tbody>
            {inv.items.map((i, n) => (
              <tr key={n} className="break-inside-avoid" data-testid="invoice-line">
                <td className={cell}>
                  <p className="font-semibold">
                    {i.product_name} · Size {i.size}
                  </p>
                  {i.customizations.length ? (
                    <p className="text-xs text-gray-700">{i.customizations.join('; ')}</p>
                  ) : null}
                </td>
                <td className={num}>{i.quantity}</td>
                <td className={num}>
                  {formatUsd(i.unit_base_price + i.unit_customization_price)}
                  {i.unit_customization_price > 0 ? (
                    <span className="block text-xs whitespace-normal text-gray-700">
                      incl. {formatUsd(i.unit_customization_price)} custom
                    </span>
                  ) : null}
                </td>
                <td className={num}>{formatUsd(i.total_price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </PaperScroll>

      <div className="mt-3 grid gap-4 sm:grid-cols-[1fr_16rem] print:grid-cols-[1fr_16rem]">
        <section aria-labelledby="invoice-payments-h" className="break-inside-avoid">
          <h2 id="invoice-payments-h" className="mb-1 font-semibold">
            Payments
          </h2>
          {p.entries.length ? (
            <table className="w-full border-collapse text-left text-xs">
              <tbody>
                {p.entries.map((e) => (
                  <tr key={e.id} data-testid="invoice-payment">
                    <td className={cell}>{formatShopDate(e.created_at)}</td>
                    <td className={cell}>
                      {e.kind === 'credit' ? `Credit${e.reason ? ` · ${e.reason}` : ''}` : null}
                      {e.kind === 'refund' ? 'Refund · ' : ''}
                      {e.kind === 'credit' ? null : LEDGER_METHOD_LABELS[e.method]}
                      {e.reference ? <span className="block break-all text-gray-700">{e.reference}</span> : null}
                    </td>
                    <td className={num}>{e.kind === 'payment' ? formatUsd(e.amount) : `−${formatUsd(e.amount)}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-gray-700">No payments yet.</p>
          )}
        </section>
        <div className="break-inside-avoid" data-testid="invoice-totals">
          <dl className="space-y-1">
            <Row label="Subtotal" value={formatUsd(inv.subtotal)} />
            {inv.adjustments.map((a) => (
              <Row key={`${a.kind}-${a.label}`} label={a.label} value={adjustmentAmount(a)} />
            ))}
            <Row label="Total" value={formatUsd(inv.total)} strong testId="invoice-total" />
            {p.adjustments.map((a, i) => (
              <Row key={`credit-${i}`} label={a.label} value={adjustmentAmount(a)} />
            ))}
            <Row label="Amount due" value={formatUsd(p.amount_due)} testId="invoice-due" />
            <Row label="Paid" value={formatUsd(p.amount_paid)} testId="invoice-paid" />
            {p.refund_due ? (
              <Row label="To refund" value={formatUsd(p.refund_due_amount)} strong testId="invoice-balance" />
            ) : (
              <Row label="Balance due" value={formatUsd(p.balance)} strong testId="invoice-balance" />
            )}
          </dl>
          {/* After the list, not in it: a <dl> holds only its term and value pairs. */}
          <p className="pt-1 text-right text-xs text-gray-700" data-testid="invoice-payment-status">
            {p.customer_label}
          </p>
        </div>
      </div>
      <p className="mt-4 border-t border-gray-300 pt-2 text-xs text-gray-700">
        Questions about this invoice: {inv.shop.phone} or {inv.shop.email}. Please quote invoice {inv.invoice_number}.
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
