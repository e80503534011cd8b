import { describe, expect, it } from 'vitest';
import { conversationQuery, searchWithShow, showFromUrl, type ConversationFilters } from './filters';

const none: ConversationFilters = {
  show: 'all',
  needsReply: false,
  archived: false,
  status: '',
  category: '',
  search: '',
};
const params = (f: Partial<ConversationFilters>) =>
  Object.fromEntries(new URLSearchParams(conversationQuery({ ...none, ...f })));

describe('the message centre filters', () => {
  it('reads show from the URL, anything unknown as all', () => {
    expect(showFromUrl('unread')).toBe('unread');
    expect(showFromUrl('mine')).toBe('mine');
    expect(showFromUrl('held')).toBe('held');
    expect(showFromUrl(null)).toBe('all');
    expect(showFromUrl('everything')).toBe('all');
  });

  it('writes show into the URL, keeping other parameters, and drops it for all', () => {
    expect(searchWithShow('', 'unread')).toBe('?show=unread');
    expect(searchWithShow('?show=unread&x=1', 'mine')).toBe('?show=mine&x=1');
    expect(searchWithShow('?show=mine', 'all')).toBe('');
  });

  it('asks the API for exactly one of unread or assigned to me', () => {
    expect(params({})).toEqual({ per_page: '100' });
    expect(params({ show: 'unread' })).toEqual({ per_page: '100', show_unread: 'true' });
    expect(params({ show: 'mine' })).toEqual({ per_page: '100', assigned: 'me' });
    expect(params({ show: 'held' })).toEqual({ per_page: '100', held_only: 'true' });
  });

  it('keeps needs reply, archived, status, category and search alongside', () => {
    expect(
      params({
        show: 'mine',
        needsReply: true,
        archived: true,
        status: 'replied',
        category: 'general',
        search: ' 1042 ',
      }),
    ).toEqual({
      per_page: '100',
      assigned: 'me',
      show_needs_reply: 'true',
      archived_only: 'true',
      status: 'replied',
      category: 'general',
      search: '1042',
    });
  });
});
