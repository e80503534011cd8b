type Query = (...args: unknown[]) => unknown;

/**
 * A transaction sends all its statements on one connection, and the shop's reads take either the pool or a
 * transaction and often run side by side (Promise.all). pg 8 queues a statement sent while another is running on the
 * same connection, but warns that pg 9 will refuse it; so each connection's statements wait their turn here instead,
 * in the order they were sent, as pg's own queue kept them. A statement that fails does not hold up the next.
 * Calls with a callback are the pool's own, on a connection it has just handed to that one call: they pass straight on.
 */
export function oneQueryAtATime(client: { query: Query }): void {
  const query = client.query.bind(client) as Query;
  let last: Promise<unknown> = Promise.resolve();
  client.query = (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args);
    const send = () => query(...args);
    const result = last.then(send, send);
    last = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };
}
