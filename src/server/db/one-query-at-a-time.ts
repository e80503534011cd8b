type Query = (...args: unknown[]) => unknown;

/**
 * A transaction sends all its statements on one connection, and the shop's reads take either the pool or a
 * transaction and often run side by side (Promise.all). pg 8 queues a statement sent while another is running on the
 * same connection, but warns that pg 9 will refuse it; so each connection's statements wait their turn here instead,
 * in the order they were sent, as pg's own queue kept them. A statement that fails does not hold up the next.
 * Calls with a callback are the pool's own, on a connection it has just handed to that one call, and a submittable (a
 * cursor) answers with itself, not a promise: both pass straight on.
 */
export function oneQueryAtATime(client: { query: Query }): void {
  const query = client.query.bind(client) as Query;
  let running = 0;
  let last: Promise<unknown> = Promise.resolve();
  const done = () => {
    running--;
  };
  client.query = (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function' || typeof (args[0] as { submit?: unknown })?.submit === 'function')
      return query(...args);
    const send = () => query(...args) as Promise<unknown>;
    // An idle connection sends at once, as before; a busy one after the last statement it was given has ended.
    const result = running === 0 ? send() : last.then(send, send);
    running++;
    last = result.then(done, done);
    return result;
  };
}
