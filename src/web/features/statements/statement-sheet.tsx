import { formatUsd } from '@shared/money';
import { STATUS_LABELS, type OrderStatus } from '@shared/orders';
import { LEDGER_METHOD_LABELS, type Statement } from '@shared/payments';
import { formatShopDate } from '@shared/time';
import { PaperScroll } from '@web/components/paper-scroll';
import { ShopLetterhead, useShopIdentity } from '@web/components/shop-identity';

const cell = 'border-b border-gray-300 px-2 py-1.5 align-top';
const num = `${cell} text-right tabular-nums`;

/** A department's statement on Letter paper, black on white like the work orders: the shop, the orders owed, the total. */
export function StatementSheet({ statement: s }: { statement: Statement }) {
  const { data: shop } = useShopIdentity();
  return (
    <article
      data-testid="statement"
      className="paper mx-auto max-w-4xl rounded-lg bg-white p-4 text-sm text-gray-950 shadow-xl sm:p-8 print:max-w-none print:rounded-none print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-6 border-b-2 border-gray-900 pb-3">
        <div>
          <p className="text-xs font-semibold tracking-widest text-gray-600 uppercase">Statement of account</p>
          <h2 className="text-2xl font-bold">{s.department.name}</h2>
          <p className="mt-1 text-gray-700">Issued {formatShopDate(s.issued_at)}</p>
        </div>
        <ShopLetterhead identity={shop} className="text-gray-700 sm:text-right" />
      </header>
      {s.orders.length === 0 ? (
        <p className="mt-6 text-base">Nothing is owed on this account.</p>
      ) : (
        <PaperScroll label="Unpaid orders" className="mt-5">
          <table className="w-full min-w-[34rem] border-collapse text-left print:min-w-0">
            <caption className="sr-only">Unpaid orders on the account</caption>
            <thead className="text-xs tracking-wide text-gray-600 uppercase">
              <tr>
                <th className={cell}>Order</th>
                <th className={cell}>Date</th>
                <th className={cell}>PO number</th>
                <th className={`${num} font-semibold`}>Owed</th>
                <th className={`${num} font-semibold`}>Paid</th>
                <th className={`${num} font-semibold`}>Balance</th>
              </tr>
            </thead>
            <tbody>
              {s.orders.map((o) => (
                <tr key={o.id} className="break-inside-avoid" data-testid="statement-row">
                  <td className={`${cell} font-mono font-semibold whitespace-nowrap`}>
                    {o.order_number}
                    <span className="block font-sans text-xs font-normal text-gray-600">
                      {STATUS_LABELS[o.status as OrderStatus] ?? o.status}
                    </span>
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>{formatShopDate(o.created_at)}</td>
                  <td className={`${cell} break-all`}>{o.po_number ?? '—'}</td>
                  {/* What the order owes: its total less any credit (the account of the order). */}
                  <td className={num}>{formatUsd(o.owed)}</td>
                  <td className={num}>{formatUsd(o.paid)}</td>
                  <td className={`${num} font-semibold`}>{formatUsd(o.balance)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={5} className="px-2 pt-3 text-right text-base font-bold">
                  Total outstanding
                </th>
                <td
                  className="px-2 pt-3 text-right text-base font-bold tabular-nums"
                  data-testid="statement-outstanding"
                >
                  {formatUsd(s.outstanding)}
                </td>
              </tr>
            </tfoot>
          </table>
        </PaperScroll>
      )}
      {s.payments_received.length > 0 ? (
        <section className="mt-6" aria-labelledby="statement-received">
          <h3 id="statement-received" className="text-base font-bold">
            Payments received
          </h3>
          <ul className="mt-2 space-y-2">
            {s.payments_received.map((p) => (
              <li key={p.id} className="break-inside-avoid" data-testid="statement-payment">
                <p className="font-semibold">
                  {formatShopDate(`${p.received_on}T12:00:00Z`)}: {LEDGER_METHOD_LABELS[p.method]}
                  {p.reference ? ` ${p.reference}` : ''}, {formatUsd(p.amount)}
                </p>
                <p className="text-gray-700">
                  {p.shares.map((x) => `${x.order_number} ${formatUsd(x.amount)}`).join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="mt-6 text-xs text-gray-600">
        Please quote the order numbers with your payment.
        {shop ? ` Questions: ${shop.phone} or ${shop.email}.` : null}
      </p>
    </article>
  );
}
