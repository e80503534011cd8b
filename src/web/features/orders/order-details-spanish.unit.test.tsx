import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '@shared/cart-catalog';
import type { Order } from '@shared/orders';
import { LineEditor } from '@web/components/orders/line-editor';
import { OrderFacts, OrderTimeline } from '@web/components/orders/order-summary';
import { PaymentSummary } from '@web/components/orders/payment-summary';
import { TrackingLine } from '@web/components/orders/status-badge';
import { englishOnly, i18next, showLanguage } from '@web/i18n';
import { whyNotPayable } from './pay-state';

// The order details a customer reads in Spanish (docs/product.md#languages), and the same parts on a staff screen,
// which stay English whatever the customer chose on this browser.
const order = {
  status: 'shipped',
  requires_approval: true,
  due_date: '2026-12-02',
  fulfillment: 'shipping',
  shipping_address: {
    address_line1: '12 W Main St',
    address_line2: null,
    city: 'Mesa',
    state: 'AZ',
    zip_code: '85201',
  },
  department_name: 'Desert Valley Fire',
  po_number: 'PO-7',
  notes: null,
  carrier: 'UPS',
  tracking_number: '1Z999',
  tracking_url: null,
  events: [
    {
      id: 1,
      from_status: null,
      to_status: 'awaiting_approval',
      created_at: '2026-11-25T15:05:00Z',
      actor_type: 'customer',
      actor_email: null,
    },
    {
      id: 2,
      from_status: 'awaiting_approval',
      to_status: 'pending',
      created_at: '2026-11-26T15:05:00Z',
      actor_type: 'approver',
      actor_email: 'chief@dvfire.gov',
      comments: 'Bien',
    },
    // What the server writes in English for staff, each read by the customer in Spanish.
    ...[
      'Placed by Sam Staff (phone order)',
      'Payment of $200.00 received (card online (stripe))',
      'Refund of $20.00 given back (cash). Reason: Sleeve patch left off (see note)',
      'Credit of $5.00: taken off what the order owes',
      'Shipped unpaid, as staff confirmed: CSU-2026-000081 owes $38.81',
      'Duty Polo - Navy M: size M -> L, quantity 2 -> 3; Duty Tee - Black L: customizations none -> US flag patch; removed Duty Cap x1; added Duty Tee - Black S x2; total $72.00 -> $96.50',
    ].map((details, i) => ({
      id: 3 + i,
      kind: 'edit',
      from_status: 'pending',
      to_status: 'pending',
      created_at: '2026-11-27T15:05:00Z',
      actor_type: 'staff',
      actor_email: null,
      details,
    })),
  ],
  payment: {
    method: 'card',
    status: 'partially_paid',
    amount_due: 1234.5,
    amount_paid: 200,
    balance: 1034.5,
    refund_due: false,
    refund_due_amount: 0,
    adjustments: [],
    entries: [
      {
        id: 1,
        kind: 'payment',
        method: 'stripe',
        amount: 200,
        reference: null,
        reason: null,
        created_at: '2026-11-25T15:06:00Z',
      },
    ],
  },
} as unknown as Order;

const parts = (
  <>
    <TrackingLine order={order} />
    <OrderFacts order={order} />
    <PaymentSummary payment={order.payment} />
    <OrderTimeline events={order.events} customer={order} />
  </>
);
// The modify dialog's line: a polo in two colours with a name on the left.
const polo = (id: number, color: string) =>
  ({
    id,
    name: `Duty Polo - ${color}`,
    base_name: 'Duty Polo',
    slug: `duty-polo-${color.toLowerCase()}`,
    category: 'polos',
    quantity_breaks: [],
    description: '',
    price: 32,
    base_price: 32,
    is_multi_image: false,
    image_base: '/images/media/none',
    color,
    color_hex: '#1f2a44',
    sizes: [{ label: 'M', upcharge: 0 }],
    size_chart: null,
    customizations: [{ type: 'add_name', sides: ['left_side', 'right_side'] }],
    colors: [],
  }) satisfies Product;
const editor = (
  <QueryClientProvider client={new QueryClient()}>
    <LineEditor
      testId="modify-line"
      line={{
        key: 'a',
        name: 'Duty Polo - Navy',
        product_id: 1,
        size: 'M',
        quantity: 2,
        customizations: [{ type: 'add_name', position: 'left_side', text: 'PEÑA' }],
      }}
      product={polo(1, 'Navy')}
      colours={[polo(1, 'Navy'), polo(2, 'Black')]}
      total={64}
      removable
      onChange={() => undefined}
      onRemove={() => undefined}
    />
  </QueryClientProvider>
);
const markup = (node: ReactNode) => renderToStaticMarkup(node);
const text = (node: ReactNode) =>
  renderToStaticMarkup(node)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

// The unit files share one i18next (isolate: false): Spanish is loaded as the app loads it, then drawn with a copy of
// the instance, so the shared one is back on English for the other files.
let spanish: typeof i18next;
beforeAll(async () => {
  vi.stubGlobal('document', { documentElement: { lang: 'en' } });
  await showLanguage('es');
  await showLanguage('en');
  vi.unstubAllGlobals();
  spanish = i18next.cloneInstance({ lng: 'es' });
});

describe('order details in Spanish', () => {
  it('reads the facts, payment, tracking and timeline in Spanish', () => {
    const shown = text(<I18nextProvider i18n={spanish}>{parts}</I18nextProvider>);
    for (const words of [
      'Enviado con UPS, número de seguimiento',
      'Listo para el',
      '(estimado)',
      'Envío a 12 W Main St, Mesa, AZ 85201',
      'Desert Valley Fire (requiere aprobación)',
      'Número de orden de compra PO-7',
      'Pago',
      'Tarjeta en línea',
      'Importe a pagar $1,234.50',
      'Saldo $1,034.50',
      'Pago · Tarjeta en línea (Stripe)',
      'Realizado · Esperando la aprobación del departamento',
      'Aprobado, esperando producción',
      'Aprobador chief@dvfire.gov',
      'Comentarios: Bien',
      'Registrado por Sam Staff (pedido por teléfono)',
      'Pago de $200.00 recibido (tarjeta en línea (Stripe))',
      'Reembolso de $20.00 devuelto (efectivo). Motivo: Sleeve patch left off (see note)',
      'Crédito de $5.00: descontado de lo que debe el pedido',
      'Enviado sin pagar, con la confirmación del personal: CSU-2026-000081 debe $38.81',
      'Duty Polo - Navy M: talla M -&gt; L, cantidad 2 -&gt; 3; Duty Tee - Black L: personalizaciones ninguna -&gt; Parche de la bandera de EE. UU.; se quitó Duty Cap x1; se agregó Duty Tee - Black S x2; total $72.00 -&gt; $96.50',
    ])
      expect(shown).toContain(words);
    expect(shown).not.toMatch(/Ready by|Delivery|Amount due|Balance|Shipped with|Placed|Comments/);
    expect(whyNotPayable({ ...order, status: 'cancelled' }, spanish.t)).toBe(
      'Este pedido está cancelado: no hay nada que pagar.',
    );
  });

  it("words the modify dialog's line editor in Spanish", () => {
    const html = markup(<I18nextProvider i18n={spanish}>{editor}</I18nextProvider>);
    for (const words of [
      'Duty Polo - Navy · Talla M',
      'aria-label="Quitar Duty Polo - Navy · Talla M"',
      '>Color<',
      '>Talla<',
      '>Cantidad<',
      'aria-label="Disminuir cantidad"',
      'Nombre bordado',
      'aria-label="Lado de Nombre bordado"',
      '>Izquierdo<',
      'Total de la línea',
    ])
      expect(html).toContain(words);
    expect(html).not.toMatch(/Size|Quantity|Line total|Decrease|Left</);
  });

  it('keeps a staff screen in English word for word', () => {
    const shown = text(<I18nextProvider i18n={englishOnly}>{parts}</I18nextProvider>);
    for (const words of [
      'Shipped with UPS, tracking number',
      'Ready by Wed, Dec 2, 2026 (estimate)',
      'Shipping to 12 W Main St, Mesa, AZ 85201',
      'Desert Valley Fire (approval required)',
      'Amount due $1,234.50',
      'Balance $1,034.50',
      'Payment · Card online (Stripe)',
      'Placed · Waiting for department approval',
      'Approver chief@dvfire.gov',
      'Comments: Bien',
    ])
      expect(shown).toContain(words);
    const html = markup(<I18nextProvider i18n={englishOnly}>{editor}</I18nextProvider>);
    for (const words of [
      'aria-label="Remove Duty Polo - Navy · Size M"',
      '>Quantity<',
      'aria-label="Decrease quantity"',
      'aria-label="Embroidered name side"',
      '>Left<',
      'Line total',
    ])
      expect(html).toContain(words);
  });
});
