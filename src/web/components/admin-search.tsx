import { Search } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

const typingIn = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/**
 * The admin header's search over orders, customers and conversations (the results are /admin/search?q=). The `/`
 * key focuses it from anywhere on a staff screen, except while typing in a field. On a phone it is a link to the
 * search page, whose own box takes the text.
 */
export function AdminSearch({ compact }: { compact: boolean }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onPage = pathname === '/admin/search';
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (onPage) setText(new URLSearchParams(search).get('q') ?? '');
  }, [onPage, search]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target)) return;
      if (!input.current) return;
      e.preventDefault();
      input.current.focus();
      input.current.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (compact)
    return (
      <Link
        to="/admin/search"
        aria-label="Search"
        className="inline-flex h-10 w-10 items-center justify-center rounded-lg border border-gray-700 text-gray-200 hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-400"
      >
        <Search className="h-5 w-5" aria-hidden />
      </Link>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    navigate(q ? `/admin/search?${new URLSearchParams({ q })}` : '/admin/search');
  };
  return (
    <form role="search" onSubmit={submit} className="relative w-72 lg:w-96">
      <label>
        <span className="sr-only">Search orders, customers and conversations</span>
        <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-gray-500" aria-hidden />
        <input
          ref={input}
          type="search"
          data-testid="admin-search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search orders, people, messages"
          className="w-full rounded-lg border border-gray-700 bg-ink-950 py-2 pr-9 pl-9 text-sm text-gray-100 placeholder:text-gray-500 focus:border-brand-500 focus:outline-none"
        />
      </label>
      {text ? null : (
        <kbd
          aria-hidden
          className="pointer-events-none absolute top-2 right-2.5 rounded border border-gray-700 px-1.5 text-xs text-gray-400"
        >
          /
        </kbd>
      )}
    </form>
  );
}
