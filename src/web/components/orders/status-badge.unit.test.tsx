import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CustomerStatusBadge, StatusBadge, TrackingLine } from './status-badge';

const shipped = { status: 'shipped' as const, carrier: 'UPS', tracking_number: '1Z999AA10123456784' };

describe('order status for customers and staff', () => {
  it('the customer badge says an approved order is approved; the staff badge keeps the short label', () => {
    const approved = renderToStaticMarkup(
      <CustomerStatusBadge order={{ status: 'pending', requires_approval: true }} />,
    );
    expect(approved).toContain('>Approved, waiting for production</span>');
    expect(approved).toContain('data-status="pending"');
    expect(renderToStaticMarkup(<StatusBadge status="pending" />)).toContain('>Pending</span>');
  });

  it("a shipped order links its tracking number to the carrier's page when the server gave one", () => {
    const linked = renderToStaticMarkup(
      <TrackingLine order={{ ...shipped, tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' }} />,
    );
    expect(linked).toContain('Shipped with UPS');
    expect(linked).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(linked).toContain('rel="noreferrer"');
    const plain = renderToStaticMarkup(<TrackingLine order={{ ...shipped, carrier: null, tracking_url: null }} />);
    expect(plain).toContain('Shipped with the carrier');
    expect(plain).not.toContain('<a ');
    expect(renderToStaticMarkup(<TrackingLine order={{ ...shipped, status: 'completed', tracking_url: null }} />)).toBe(
      '',
    );
  });
});
