import { formatUsd } from '@shared/money';
import type { Order } from '@shared/orders';
import { placementText } from '@shared/production';
import { formatShopDate } from '@shared/time';
import { PaperScroll } from '@web/components/paper-scroll';
import { ShopLetterhead, useShopIdentity } from '@web/components/shop-identity';
import { personName } from '@shared/person-name';

const cell = 'border-b border-gray-300 px-2 py-1.5 align-top';

/** One order's packing slip on one Letter page: who it goes to and what is in the box; prices only when asked. */
export function PackingSlip({ order, prices }: { order: Order; prices: boolean }) {
  const c = order.customer;
  const name = personName(c?.first_name, c?.last_name, c?.email ?? '');
  const a = order.shipping_address;
  const pieces = order.items.reduce((n, i) => n + i.quantity, 0);
  const { data: shop } = useShopIdentity();
  return (
    <article
      data-testid="packing-slip"
      data-order-number={order.order_number}
      className="packing-slip paper floor-paper mx-auto mb-8 max-w-4xl rounded-lg bg-white p-4 text-sm text-gray-950 shadow-xl sm:p-8 print:mb-0 print:max-w-none print:rounded-none print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-gray-900 pb-3">
        <div>
          <p className="text-xs font-semibold tracking-widest text-gray-600 uppercase">Packing slip</p>
          <h2 className="font-mono text-3xl font-bold">{order.order_number}</h2>
          <p className="mt-1 text-gray-700">Ordered {formatShopDate(order.created_at)}</p>
        </div>
        <ShopLetterhead identity={shop} legal={false} className="text-gray-800 sm:text-right print:text-right" />
      </header>
      <section className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <div>
          <h3 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
            {order.fulfillment === 'shipping' ? 'Ship to' : 'Pickup at the shop for'}
          </h3>
          <address className="mt-1 text-base not-italic" data-testid="packing-slip-address">
            <strong>{name}</strong>
            {order.fulfillment === 'shipping' && a ? (
              <>
                <br />
                {a.address_line1}
                {a.address_line2 ? (
                  <>
                    <br />
                    {a.address_line2}
                  </>
                ) : null}
                <br />
                {a.city}, {a.state} {a.zip_code}
              </>
            ) : null}
          </address>
        </div>
        <dl className="grid grid-cols-[7rem_1fr] content-start gap-x-3 gap-y-1">
          {order.department_name ? (
            <>
              <dt className="text-gray-600">Department</dt>
              <dd>{order.department_name}</dd>
            </>
          ) : null}
          <dt className="text-gray-600">PO number</dt>
          <dd>{order.po_number ?? '—'}</dd>
          <dt className="text-gray-600">Carrier</dt>
          <dd>{order.carrier ? `${order.carrier} ${order.tracking_number ?? ''}` : '—'}</dd>
          <dt className="text-gray-600">Pieces</dt>
          <dd className="font-semibold">{pieces}</dd>
        </dl>
      </section>
      <PaperScroll label={`Contents of order ${order.order_number}`} className="mt-5">
        <table className="w-full min-w-[32rem] border-collapse text-left print:min-w-0">
          <thead className="text-xs tracking-wide text-gray-600 uppercase">
            <tr>
              <th className={cell}>Item</th>
              <th className={`${cell} w-14`}>Size</th>
              <th className={`${cell} w-12 text-right`}>Qty</th>
              <th className={cell}>Decorations</th>
              {prices ? <th className={`${cell} w-24 text-right`}>Amount</th> : null}
            </tr>
          </thead>
          <tbody>
            {order.items.map((i) => (
              <tr key={i.id} className="break-inside-avoid" data-testid="packing-slip-line">
                <td className={`${cell} font-semibold`}>{i.product_name}</td>
                <td className={`${cell} font-semibold`}>{i.size}</td>
                <td className={`${cell} text-right font-semibold tabular-nums`}>{i.quantity}</td>
                <td className={cell}>
                  {i.customizations.length
                    ? i.customizations
                        .map((d) => `${placementText(d.type, d.position)}${d.text ? `: ${d.text}` : ''}`)
                        .join('; ')
                    : 'Plain'}
                </td>
                {prices ? <td className={`${cell} text-right tabular-nums`}>{formatUsd(i.total_price)}</td> : null}
              </tr>
            ))}
          </tbody>
          {prices ? (
            <tfoot>
              <tr>
                <th colSpan={4} className={`${cell} text-right`}>
                  Order total
                </th>
                <td className={`${cell} text-right font-bold tabular-nums`}>{formatUsd(order.total)}</td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      </PaperScroll>
      <p className="mt-8 text-gray-700">
        Thank you for your order.
        {shop ? ` Questions about it: ${shop.phone} or ${shop.email}, with the order number.` : null}
      </p>
    </article>
  );
}
