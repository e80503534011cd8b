import { formatShopDateTime } from '@shared/time';
import { STATUS_LABELS } from '@shared/orders';
import { formatDueDay } from '@shared/due-date-rules';
import type { ProductionSheet as Sheet } from '@shared/production';
import { collectText, owesBeforeShipping } from '@shared/payments';
import { PaperScroll } from '@web/components/paper-scroll';
import { FloorPaper } from './floor-paper';
import { LogoOnPaper } from './logo-on-paper';

const cell = 'border-b border-gray-300 px-2 py-1.5 align-top';

/**
 * What to make, on paper: one block per garment, colour and size with its quantity, then each piece with its order,
 * customer, embroidered name and placements. Black on white on screen too, so the screen shows what prints.
 */
export function ProductionSheet({ sheet, scope }: { sheet: Sheet; scope: string }) {
  const department = new Map(sheet.orders.map((o) => [o.id, o.department_name]));
  return (
    <FloorPaper
      testId="production-sheet"
      title="Production sheet"
      scope={scope}
      orders={sheet.order_count}
      pieces={sheet.piece_count}
    >
      {sheet.groups.length === 0 ? <p className="py-6 text-center text-gray-600">Nothing to make.</p> : null}
      <PaperScroll label="Production sheet lines">
        <table className="w-full min-w-[48rem] border-collapse text-left print:min-w-0">
          <thead className="text-xs tracking-wide text-gray-600 uppercase">
            <tr>
              <th className={cell}>Order</th>
              <th className={cell}>Customer</th>
              <th className={`${cell} w-12 text-right`}>Qty</th>
              <th className={cell}>Name to embroider</th>
              <th className={cell}>Placement</th>
            </tr>
          </thead>
          {sheet.groups.map((g) => (
            <tbody
              key={`${g.product_name}|${g.color}|${g.size}`}
              className="break-inside-avoid"
              data-testid="production-group"
            >
              <tr className="bg-gray-100 print:bg-gray-100">
                <th colSpan={5} className="border-y-2 border-gray-800 px-2 py-1.5 text-left text-base">
                  {g.product_name} · {g.color} · Size {g.size}
                  <span className="float-right">Qty {g.quantity}</span>
                </th>
              </tr>
              {g.pieces.map((p, i) => {
                const name = p.decorations.find((d) => d.type === 'add_name')?.text;
                return (
                  <tr key={`${p.order_id}-${i}`}>
                    <td className={`${cell} font-mono font-semibold whitespace-nowrap`}>
                      {p.order_number}
                      <span className="block font-sans text-xs font-normal">Due {formatDueDay(p.due_date, false)}</span>
                    </td>
                    <td className={cell}>
                      {p.customer_name}
                      {department.get(p.order_id) ? (
                        <span className="block text-xs text-gray-700">{department.get(p.order_id)}</span>
                      ) : null}
                    </td>
                    <td className={`${cell} text-right font-semibold tabular-nums`}>{p.quantity}</td>
                    <td className={`${cell} font-semibold`}>{name ?? <span className="text-gray-600">—</span>}</td>
                    <td className={cell}>
                      {p.decorations.length ? (
                        <ul>
                          {p.decorations.map((d, n) => (
                            <li key={`${d.type}-${n}`}>
                              {d.logo ? <LogoOnPaper logo={d.logo} placement={d.placement} /> : d.placement}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <span className="text-gray-600">Plain</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </PaperScroll>
      {sheet.orders.length ? (
        <section className="mt-6 break-inside-avoid">
          <h3 className="mb-1 font-bold">Orders on this sheet</h3>
          <PaperScroll label="Orders on this sheet">
            <table className="w-full border-collapse text-left text-xs">
              <tbody>
                {sheet.orders.map((o) => (
                  <tr key={o.id}>
                    <td className={`${cell} font-mono font-semibold whitespace-nowrap`}>{o.order_number}</td>
                    <td className={`${cell} font-semibold whitespace-nowrap`}>Due {formatDueDay(o.due_date)}</td>
                    <td className={cell}>{o.customer_name}</td>
                    <td className={cell}>{o.department_name ?? ''}</td>
                    <td className={`${cell} whitespace-nowrap`}>
                      {STATUS_LABELS[o.status]}
                      {o.proof_pending ? (
                        <span className="block font-semibold" data-testid="sheet-proof-pending">
                          Waiting for the customer&apos;s proof approval
                        </span>
                      ) : null}
                    </td>
                    <td className={cell}>{o.fulfillment === 'pickup' ? 'Pickup' : 'Shipping'}</td>
                    <td className={cell}>{o.po_number ? `PO ${o.po_number}` : ''}</td>
                    <td className={`${cell} whitespace-nowrap`}>{formatShopDateTime(o.created_at)}</td>
                    <td className={`${cell} font-semibold whitespace-nowrap`} data-testid="sheet-collect">
                      {owesBeforeShipping({ method: o.payment_method, balance: o.balance })
                        ? collectText({ method: o.payment_method, balance: o.balance })
                        : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </PaperScroll>
        </section>
      ) : null}
    </FloorPaper>
  );
}
