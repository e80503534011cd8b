import type { PGlite } from '@electric-sql/pglite';

const taking = new WeakSet<PGlite>();

/**
 * PGlite runs each statement synchronously on the event loop and hands the database to the next waiter in a
 * microtask, so a queue of statements drains without ever letting Node read a socket: requests already being
 * handled kept the database while new ones waited unread, some for over 10 s at 50 connections. Here the queue is
 * first come, first served, and each turn passes on after the event loop has polled for I/O (setImmediate), so a
 * request that arrives is read and queued in its turn.
 */
export function takeTurns(client: PGlite): PGlite {
  if (taking.has(client)) return client;
  taking.add(client);
  let busy = false;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) setImmediate(next);
    else busy = false;
  };
  const inTurn = async <T>(work: () => Promise<T>): Promise<T> => {
    if (busy) await new Promise<void>((resolve) => waiting.push(resolve));
    else busy = true;
    try {
      return await work();
    } finally {
      release();
    }
  };
  // A transaction is one turn: its statements run on the transaction's own handle, inside it.
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => inTurn(() => query(...args))) as PGlite['query'];
  client.exec = ((...args: Parameters<PGlite['exec']>) => inTurn(() => exec(...args))) as PGlite['exec'];
  client.transaction = ((...args: Parameters<PGlite['transaction']>) =>
    inTurn(() => transaction(...args))) as PGlite['transaction'];
  return client;
}
