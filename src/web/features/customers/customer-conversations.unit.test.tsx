import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CustomerConversations } from './customer-conversations';

// Security round 4, finding 6: a conversation a guest started under the customer's address read as the customer's.
describe("the conversations on a customer's record", () => {
  it('marks the one a guest started "Guest, not signed in", and only that one', () => {
    const at = '2026-11-26T17:00:00.000Z';
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <CustomerConversations
          conversations={[
            { id: 7, last_message_at: at, messages: 2, unread: 0, archived: false, guest: false },
            { id: 9, last_message_at: at, messages: 1, unread: 1, archived: false, guest: true },
          ]}
        />
      </MemoryRouter>,
    );
    const rows = html.split('<li').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('href="/admin/messages/7"');
    expect(rows[0]).not.toContain('Guest');
    expect(rows[1]).toContain('href="/admin/messages/9"');
    expect(rows[1]).toMatch(/data-testid="guest-conversation"[^>]*>Guest, not signed in</);
  });
});
