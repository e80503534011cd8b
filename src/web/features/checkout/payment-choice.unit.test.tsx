import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { chosenMethod } from './checkout-form-schema';
import { PaymentChoice, paymentExplanation } from './payment-choice';

describe('the payment choice at checkout', () => {
  it("keeps the customer's pick only while the fulfillment offers it, else the server's default", () => {
    expect(chosenMethod('', ['account', 'pickup', 'card'])).toBe('account');
    expect(chosenMethod('card', ['account', 'pickup', 'card'])).toBe('card');
    expect(chosenMethod('pickup', ['account', 'card'])).toBe('account');
    expect(chosenMethod('', [])).toBeNull();
  });

  it('shows only the methods offered, the chosen one checked, each with its one line', () => {
    const html = renderToStaticMarkup(
      <PaymentChoice
        methods={['pickup', 'card']}
        value="card"
        onChange={() => {}}
        fulfillment="pickup"
        needsApproval={false}
        department={null}
      />,
    );
    expect(html).toContain('Card online');
    expect(html).toContain('Pay at pickup');
    expect(html).not.toContain('account');
    expect(html).toMatch(/aria-checked="true"[^>]*data-testid="payment-card"/);
    expect(html).toContain('You&#x27;ll pay on Stripe&#x27;s secure page after placing the order');
  });

  it('explains card after approval, the counter, and the department account with its PO number', () => {
    const ctx = { fulfillment: 'pickup' as const, needsApproval: true, department: 'Maricopa County' };
    expect(paymentExplanation('card', ctx)).toBe(
      "You'll pay on Stripe's secure page once your department approves the order",
    );
    expect(paymentExplanation('pickup', ctx)).toBe('Pay the balance at the counter when you collect your order');
    expect(paymentExplanation('account', ctx)).toBe(
      'Invoiced to Maricopa County; your PO number is kept on the order and the invoice',
    );
  });
});
