import { describe, expect, it } from 'vitest';
import { oneQueryAtATime } from './one-query-at-a-time';

/** A connection that answers each statement 5 ms after it was sent, and counts how many it held at once. */
function slowConnection(failing = new Set<string>()) {
  const log: string[] = [];
  let running = 0;
  let most = 0;
  const client = {
    query(text: unknown, ...rest: unknown[]): unknown {
      const callback = rest.find((r) => typeof r === 'function') as ((e: unknown, r: unknown) => void) | undefined;
      running++;
      most = Math.max(most, running);
      log.push(`start ${String(text)}`);
      const answer = new Promise((resolve, reject) =>
        setTimeout(() => {
          running--;
          log.push(`end ${String(text)}`);
          if (failing.has(String(text))) reject(new Error(`${String(text)} failed`));
          else resolve({ rows: [String(text)] });
        }, 5),
      );
      if (!callback) return answer;
      answer.then(
        (r) => callback(null, r),
        (e) => callback(e, null),
      );
      return undefined;
    },
  };
  return { client, log, most: () => most };
}

describe('oneQueryAtATime', () => {
  it('sends statements sent side by side one after another, in the order they were sent, each with its answer', async () => {
    const c = slowConnection();
    oneQueryAtATime(c.client);
    const answers = await Promise.all(['a', 'b', 'c'].map((t) => c.client.query(t)));
    expect(answers).toEqual([{ rows: ['a'] }, { rows: ['b'] }, { rows: ['c'] }]);
    expect(c.most()).toBe(1);
    expect(c.log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('gives a failed statement its error and still sends the next', async () => {
    const c = slowConnection(new Set(['bad']));
    oneQueryAtATime(c.client);
    const [bad, good] = await Promise.allSettled([c.client.query('bad'), c.client.query('good')]);
    expect(bad).toMatchObject({ status: 'rejected', reason: { message: 'bad failed' } });
    expect(good).toEqual({ status: 'fulfilled', value: { rows: ['good'] } });
    expect(c.most()).toBe(1);
  });

  it("passes the pool's calls with a callback straight on", async () => {
    const c = slowConnection();
    oneQueryAtATime(c.client);
    const pending = c.client.query('held');
    const viaCallback = await new Promise((resolve) =>
      c.client.query('pooled', [], (_e: unknown, r: unknown) => resolve(r)),
    );
    expect(viaCallback).toEqual({ rows: ['pooled'] });
    await pending;
    expect(c.most()).toBe(2);
  });

  it('hands a submittable (a cursor) back as itself', () => {
    const cursor = { submit: () => undefined };
    const client = { query: (q: unknown) => q };
    oneQueryAtATime(client);
    expect(client.query(cursor)).toBe(cursor);
  });
});
