import { Link, useParams } from 'react-router';
import { messageCustomerSchema } from '@shared/contact';
import { customerNoteBodySchema, type CustomerRecord } from '@shared/customers';
import { formatPhone } from '@shared/fields';
import { formatUsd } from '@shared/money';
import { PAYMENT_STATUS_LABELS } from '@shared/payments';
import { formatShopDate, formatShopDateTime } from '@shared/time';
import { LoadState } from '@web/components/load-state';
import { StatusBadge } from '@web/components/orders/status-badge';
import { buttonClasses, Table, type Column } from '@web/components/ui';
import { useAddNote, useCustomer, useMessageCustomer } from './customer-api';
import { CustomerConversations } from './customer-conversations';
import { WriteBox } from './write-box';

type OrderRow = CustomerRecord['orders'][number];
const num = 'text-right tabular-nums';
const card = 'rounded-xl border border-gray-800 bg-ink-900 p-4';

const orderColumns: Column<OrderRow>[] = [
  {
    key: 'order',
    header: 'Order',
    label: 'Order',
    cell: (o) => (
      <Link to={`/admin/orders?order=${o.id}`} className="text-brand-400 hover:underline">
        {o.order_number}
      </Link>
    ),
  },
  { key: 'placed', header: 'Placed', label: 'Placed', cell: (o) => formatShopDate(o.created_at) },
  { key: 'status', header: 'Status', label: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
  { key: 'total', header: 'Total', label: 'Total', cell: (o) => formatUsd(o.total), className: num },
  { key: 'balance', header: 'Balance', label: 'Balance', cell: (o) => formatUsd(o.balance), className: num },
  { key: 'payment', header: 'Payment', label: 'Payment', cell: (o) => PAYMENT_STATUS_LABELS[o.payment_status] },
];

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-gray-400">{term}</dt>
      <dd className="text-sm break-words text-gray-100">{children}</dd>
    </div>
  );
}

/** /admin/customers/:id: one customer as staff see them, with notes and a way to write to them. */
export default function CustomerPage() {
  const id = Number(useParams().id);
  const { data: c, isPending, isError } = useCustomer(id);
  const addNote = useAddNote(id);
  const message = useMessageCustomer(id);
  return (
    <div className="px-4 py-6 sm:px-6">
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading the customer…"
        failedText="Failed to load the customer"
      />
      {c ? (
        <div className="space-y-6">
          <header className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-2xl font-bold break-words text-white">{c.name ?? c.email}</h1>
              <p className="text-sm text-gray-400">
                Customer since {formatShopDate(c.created_at)}
                {c.is_active ? '' : ' · deactivated'}
              </p>
            </div>
            {c.is_active ? (
              <Link to={`/admin/customers/${c.id}/new-order`} className={buttonClasses({ className: 'max-w-full' })}>
                Place an order for {c.name ?? c.email}
              </Link>
            ) : null}
            <Link
              to={`/admin/statements/allocate?customer=${c.id}`}
              className={buttonClasses({ variant: 'secondary', className: 'max-w-full' })}
            >
              Record one payment for several orders
            </Link>
            {c.is_active ? (
              <Link
                to={`/admin/customers/${c.id}/new-quote`}
                className={buttonClasses({ variant: 'secondary', className: 'max-w-full' })}
              >
                Start a quote
              </Link>
            ) : null}
          </header>
          <div className="grid gap-4 lg:grid-cols-3">
            <section className={card} aria-labelledby="contact-h">
              <h2 id="contact-h" className="mb-3 font-semibold text-white">
                Contact
              </h2>
              <dl className="space-y-2">
                <Fact term="E-mail">
                  <a href={`mailto:${c.email}`} className="break-all text-brand-400 hover:underline">
                    {c.email}
                  </a>
                </Fact>
                <Fact term="Phone">{c.phone ? formatPhone(c.phone) : '—'}</Fact>
                <Fact term="Address">
                  {c.address
                    ? [
                        c.address.address_line1,
                        c.address.address_line2,
                        [c.address.city, c.address.state, c.address.zip_code].filter(Boolean).join(' '),
                      ]
                        .filter(Boolean)
                        .join(', ')
                    : '—'}
                </Fact>
              </dl>
            </section>
            <section className={card} aria-labelledby="dept-h">
              <h2 id="dept-h" className="mb-3 font-semibold text-white">
                Department
              </h2>
              <dl className="space-y-2">
                <Fact term="Department">{c.department?.name ?? 'None'}</Fact>
                <Fact term="Allowance remaining">
                  {c.allowance
                    ? `${formatUsd(c.allowance.remaining)} of ${formatUsd(c.allowance.amount)} (until ${formatShopDate(`${c.allowance.period_end}T12:00:00-07:00`)})`
                    : '—'}
                </Fact>
              </dl>
            </section>
            <section className={card} aria-labelledby="spent-h">
              <h2 id="spent-h" className="mb-3 font-semibold text-white">
                Spending
              </h2>
              <dl className="space-y-2">
                <Fact term="Total spent">
                  <span className="text-xl font-semibold text-white tabular-nums" data-testid="total-spent">
                    {formatUsd(c.total_spent)}
                  </span>
                </Fact>
                <Fact term="Orders">{c.orders.length}</Fact>
              </dl>
            </section>
          </div>
          <section className={card} aria-labelledby="sizes-h" data-testid="customer-sizes">
            <h2 id="sizes-h" className="mb-1 font-semibold text-white">
              Sizes
            </h2>
            <p className="mb-3 text-xs text-gray-400">
              The size of each garment last ordered (cancelled orders aside).
            </p>
            {c.sizes.length ? (
              <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
                {c.sizes.map((s) => (
                  <Fact key={s.garment} term={s.garment}>
                    <span className="font-semibold text-white">{s.size}</span>{' '}
                    <span className="text-gray-400">({formatShopDate(s.ordered_at)})</span>
                  </Fact>
                ))}
              </dl>
            ) : (
              <p className="text-sm text-gray-400">No sizes yet: they come with the first order.</p>
            )}
          </section>
          <section aria-labelledby="orders-h">
            <h2 id="orders-h" className="mb-2 font-semibold text-white">
              Orders
            </h2>
            <Table
              caption="The customer's orders"
              captionHidden
              columns={orderColumns}
              rows={c.orders}
              rowKey={(o) => String(o.id)}
              stackOnPhone
              empty={<p className="text-sm text-gray-400">No orders yet.</p>}
            />
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            <section className={card} aria-labelledby="notes-h">
              <h2 id="notes-h" className="mb-3 font-semibold text-white">
                Notes
              </h2>
              <WriteBox
                label="New note (staff only)"
                button="Add note"
                done="Note added"
                rule={customerNoteBodySchema.shape.body}
                send={(t) => addNote.mutateAsync(t)}
              />
              <ul className="mt-4 space-y-3" data-testid="customer-notes">
                {c.notes.map((n) => (
                  <li key={n.id} className="border-t border-gray-800 pt-3">
                    <p className="text-sm whitespace-pre-wrap text-gray-100">{n.body}</p>
                    <p className="mt-1 text-xs text-gray-400">
                      {n.author ?? 'Former staff'} · {formatShopDateTime(n.created_at)}
                    </p>
                  </li>
                ))}
                {c.notes.length === 0 ? <li className="text-sm text-gray-400">No notes yet.</li> : null}
              </ul>
            </section>
            <section className={card} aria-labelledby="conv-h">
              <h2 id="conv-h" className="mb-3 font-semibold text-white">
                Conversations
              </h2>
              <WriteBox
                label="Message the customer (e-mailed to them)"
                button="Send message"
                done="Message sent"
                rule={messageCustomerSchema.shape.message}
                send={(t) => message.mutateAsync(t)}
              />
              <CustomerConversations conversations={c.conversations} />
            </section>
          </div>
        </div>
      ) : null}
    </div>
  );
}
