import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ACTIVITY_WINDOW_MS, TOKEN_CHECK_MS } from '@shared/constants';
import { API_ACTIVITY_EVENT, AUTH_LOST_EVENT } from '@web/lib/api';
import { emit } from '@web/lib/events';
import { checkSession, refreshNow } from './api/session-calls';
import { SESSION_KEY } from './use-session';

const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
/** The access token lives 15 minutes; refreshing after 10 keeps an active user signed in without rotating every minute. */
const REFRESH_AFTER_MS = 10 * 60_000;

/**
 * Session upkeep (docs/product.md#sign-in): every 60 s check the token; refresh only when the user was active in the last
 * 5 minutes. Check failures are silent, a failed refresh is only logged. When the client's refresh-and-retry
 * gives up (auth-lost), the user is forgotten; the route guard then sends protected pages to /.
 */
export function SessionKeeper() {
  const qc = useQueryClient();
  const lastActivity = useRef(0);
  const lastRefresh = useRef(0);
  const ownCall = useRef(false);

  useEffect(() => {
    const now = Date.now();
    lastActivity.current = now;
    lastRefresh.current = now;
    const mark = () => {
      if (!ownCall.current) lastActivity.current = Date.now();
    };
    for (const name of [...INPUT_EVENTS, API_ACTIVITY_EVENT]) window.addEventListener(name, mark, { passive: true });
    return () => {
      for (const name of [...INPUT_EVENTS, API_ACTIVITY_EVENT]) window.removeEventListener(name, mark);
    };
  }, []);

  useEffect(() => {
    const tick = async () => {
      if (!qc.getQueryData(SESSION_KEY)) return;
      // The check itself fires api-activity synchronously; that must not count as the user being active.
      ownCall.current = true;
      const pending = checkSession();
      ownCall.current = false;
      const valid = await pending;
      const active = Date.now() - lastActivity.current < ACTIVITY_WINDOW_MS;
      if (!active || (valid && Date.now() - lastRefresh.current < REFRESH_AFTER_MS)) return;
      if (await refreshNow()) lastRefresh.current = Date.now();
      else console.warn('Session refresh failed; the next request will ask the user to sign in again.');
    };
    const timer = setInterval(() => void tick(), TOKEN_CHECK_MS);
    return () => clearInterval(timer);
  }, [qc]);

  useEffect(() => {
    const onLost = () => {
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      qc.setQueryData(SESSION_KEY, null);
      emit('signed-out');
    };
    window.addEventListener(AUTH_LOST_EVENT, onLost);
    return () => window.removeEventListener(AUTH_LOST_EVENT, onLost);
  }, [qc]);

  useEffect(() => {
    // A page restored from the back-forward cache after logout must not trust its old session.
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void qc.invalidateQueries({ queryKey: SESSION_KEY });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [qc]);

  return null;
}
