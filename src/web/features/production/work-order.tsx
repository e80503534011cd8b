import { formatPhone } from '@shared/fields';
import { STATUS_LABELS, type Order } from '@shared/orders';
import { formatShopDateTime } from '@shared/time';
import { formatDueDay } from '@shared/due-date-rules';
import { placementText } from '@shared/production';
import { collectText } from '@shared/payments';
import { orderLink, QrCode } from './qr-code';
import { LogoOnPaper } from './logo-on-paper';
import { PaperScroll } from '@web/components/paper-scroll';
import { personName } from '@shared/person-name';

const cell = 'border-b border-gray-300 px-2 py-1.5 align-top';

/** One order on one Letter page: who, how it leaves the shop, each line with its decorations, notes and sign-off. */
export function WorkOrder({ order }: { order: Order }) {
  const c = order.customer;
  const name = personName(c?.first_name, c?.last_name, c?.email ?? '—');
  const a = order.shipping_address;
  const staffNotes = order.events.filter((e) => e.internal_note).map((e) => e.internal_note!);
  return (
    <article
      data-testid="work-order"
      data-order-number={order.order_number}
      className="work-order paper floor-paper mx-auto mb-8 max-w-4xl rounded-lg bg-white p-4 sm:p-8 text-sm text-gray-950 shadow-xl print:mb-0 print:max-w-none print:rounded-none print:p-0 print:shadow-none"
    >
      <header className="flex items-start justify-between gap-6 border-b-2 border-gray-900 pb-3">
        <div>
          <p className="text-xs font-semibold tracking-widest text-gray-600 uppercase">Work order</p>
          <h2 className="font-mono text-3xl font-bold">{order.order_number}</h2>
          <p className="mt-1 text-gray-700">
            Placed {formatShopDateTime(order.created_at)} · {STATUS_LABELS[order.status]}
          </p>
          <p className="mt-1 text-lg font-bold" data-testid="work-order-due">
            Due {formatDueDay(order.due_date)}
          </p>
        </div>
        <QrCode value={orderLink(order.id)} label={`QR code: order ${order.order_number}`} className="h-24 w-24" />
      </header>
      <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1">
        <dt className="text-gray-600">Customer</dt>
        <dd className="font-semibold">{name}</dd>
        <dt className="text-gray-600">Phone</dt>
        <dd>{c?.phone ? formatPhone(c.phone) : '—'}</dd>
        <dt className="text-gray-600">E-mail</dt>
        <dd>{c?.email ?? '—'}</dd>
        <dt className="text-gray-600">Fulfilment</dt>
        <dd className="font-semibold">
          {order.fulfillment === 'pickup'
            ? 'Pickup at the shop'
            : `Ship to ${[a?.address_line1, a?.address_line2, a?.city, `${a?.state ?? ''} ${a?.zip_code ?? ''}`].filter(Boolean).join(', ')}`}
        </dd>
        {order.department_name ? (
          <>
            <dt className="text-gray-600">Department</dt>
            <dd>{order.department_name}</dd>
          </>
        ) : null}
        <dt className="text-gray-600">PO number</dt>
        <dd>{order.po_number ?? '—'}</dd>
        <dt className="text-gray-600">Payment</dt>
        <dd className="font-semibold" data-testid="work-order-collect">
          {collectText(order.payment)}
        </dd>
      </dl>
      <PaperScroll label={`Lines of order ${order.order_number}`} className="mt-5">
        <table className="w-full min-w-[36rem] border-collapse text-left print:min-w-0">
          <thead className="text-xs tracking-wide text-gray-600 uppercase">
            <tr>
              <th className={cell}>Garment</th>
              <th className={`${cell} w-14`}>Size</th>
              <th className={`${cell} w-12 text-right`}>Qty</th>
              <th className={cell}>Decorations</th>
              <th className={`${cell} w-10`}>Done</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((i) => (
              <tr key={i.id} className="break-inside-avoid">
                <td className={`${cell} font-semibold`}>{i.product_name}</td>
                <td className={`${cell} font-semibold`}>{i.size}</td>
                <td className={`${cell} text-right font-semibold tabular-nums`}>{i.quantity}</td>
                <td className={cell}>
                  {i.customizations.length ? (
                    <ul>
                      {i.customizations.map((d) => (
                        <li key={`${d.type}-${d.position}-${d.artwork_id ?? ''}`}>
                          {d.logo ? (
                            <LogoOnPaper logo={d.logo} placement={placementText(d.type, d.position, d.label)} />
                          ) : (
                            placementText(d.type, d.position)
                          )}
                          {d.text ? (
                            <>
                              : <strong className="text-base">“{d.text}”</strong>
                            </>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-gray-600">Plain</span>
                  )}
                </td>
                <td className={cell}>
                  <span className="inline-block h-4 w-4 border border-gray-700" aria-hidden />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </PaperScroll>
      <section className="mt-5 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <div>
          <h3 className="font-semibold">Customer notes</h3>
          <p className="min-h-10 whitespace-pre-wrap text-gray-800">{order.notes ?? '—'}</p>
        </div>
        <div>
          <h3 className="font-semibold">Staff notes</h3>
          {staffNotes.length ? (
            <ul className="list-disc pl-4 text-gray-800">
              {staffNotes.map((n, i) => (
                <li key={i}>{n}</li>
              ))}
            </ul>
          ) : (
            <p className="text-gray-800">—</p>
          )}
        </div>
      </section>
      <footer className="mt-10 grid grid-cols-3 gap-6 text-xs text-gray-700">
        {['Embroidered by', 'Checked by', 'Date'].map((l) => (
          <p key={l} className="border-t border-gray-900 pt-1">
            {l}
          </p>
        ))}
      </footer>
    </article>
  );
}
