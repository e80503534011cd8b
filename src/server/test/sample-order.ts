import type { Order, OrderCustomer } from '../../shared/orders';

// An order and its customer as the mail builders take them (the DTOs of orders/dto.ts), for the mail tests.

export const sampleCustomer: OrderCustomer = {
  id: 4,
  email: 'dana@example.test',
  first_name: 'Dana',
  last_name: 'Ramirez',
  phone: null,
};

export function sampleOrder(over: Partial<Order> = {}, payment: Partial<Order['payment']> = {}): Order {
  return {
    id: 7,
    order_number: 'CSU-20261126-0007',
    status: 'pending',
    created_at: '2026-11-26T17:00:00.000Z',
    updated_at: '2026-11-26T17:00:00.000Z',
    items: [
      {
        id: 1,
        product_id: 1,
        product_name: 'Duty Polo - Navy',
        product_slug: 'duty-polo-navy',
        product_image_base: 'duty-polo-navy',
        product_is_multi_image: false,
        size: 'M',
        quantity: 2,
        unit_base_price: 44,
        unit_customization_price: 6,
        total_price: 100,
        customizations: [
          { type: 'add_name', label: 'Embroidered name', position: 'left_side', text: 'RAMIREZ', cost: 6 },
        ],
      },
    ],
    item_count: 2,
    subtotal: 100,
    tax_rate: 0.078,
    tax_amount: 7.8,
    tax_exempt_reason: null,
    shipping_cost: 8,
    adjustments: [
      { kind: 'tax', label: 'Tax (7.8%)', amount: 7.8 },
      { kind: 'shipping', label: 'Shipping', amount: 8 },
    ],
    total: 115.8,
    fulfillment: 'shipping',
    shipping_address: {
      address_line1: '1 Station Way',
      address_line2: null,
      city: 'Mesa',
      state: 'AZ',
      zip_code: '85201',
    },
    po_number: null,
    notes: null,
    due_date: '2026-12-02',
    requires_approval: false,
    department_name: null,
    denial_reason: null,
    modified_from_order_id: null,
    modified_from_order_number: null,
    replaced_by_order_id: null,
    replaced_by_order_number: null,
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    events: [],
    ...over,
    payment: {
      method: 'card',
      status: 'unpaid',
      amount_due: 115.8,
      amount_paid: 0,
      credited: 0,
      balance: 115.8,
      refund_due: false,
      refund_due_amount: 0,
      status_label: 'Unpaid',
      customer_label: 'Unpaid',
      split: { order_total: 115.8, allowance: 0, department_account: 0, member_pays: 115.8 },
      adjustments: [],
      entries: [],
      ...payment,
    },
  };
}
