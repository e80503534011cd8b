import http from 'node:http';

export type Reply<T> = { status: number; body: T | null; via: string };

/**
 * The simplest load balancer, doing what docs/operations.md's nginx does (`proxy_next_upstream error timeout`, no
 * upstream keep-alive), with a client behind it that retries as a real one does: requests alternate between the
 * instances, each on a new connection. A request moves to the next instance when its connection failed while being
 * opened (refused, or reset during the handshake: not a byte of it was sent, whatever its method); when the connection
 * broke after the request was sent, only a GET or a request carrying an Idempotency-Key is sent again (the key makes a
 * second try of a POST safe; one without could have been acted on). Anything else (an unkeyed POST reset after it was
 * sent, a 5xx) is the caller's failure to count. A cookie jar per client carries the session across instances.
 */
export class RoundRobin {
  private next = 0;
  readonly retried = { refused: 0, reset_while_connecting: 0, broken_get: 0, broken_with_key: 0 };

  constructor(private readonly bases: string[]) {}

  client() {
    const jar = new Map<string, string>();
    return {
      call: <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
        this.send<T>(method, path, body, { ...headers, ...cookieHeader(jar) }).then((r) => {
          for (const line of r.setCookies) {
            const [pair] = line.split(';');
            const eq = pair!.indexOf('=');
            const value = pair!.slice(eq + 1).trim();
            if (value === '') jar.delete(pair!.slice(0, eq).trim());
            else jar.set(pair!.slice(0, eq).trim(), value);
          }
          return { status: r.status, body: r.body as T | null, via: r.via };
        }),
    };
  }

  private async send<T>(method: string, path: string, body: unknown, headers: Record<string, string>) {
    let lastError: unknown;
    for (let attempt = 0; attempt < this.bases.length * 20; attempt += 1) {
      const base = this.bases[this.next++ % this.bases.length]!;
      try {
        return { ...(await once<T>(base, method, path, body, headers)), via: base };
      } catch (err) {
        const { code, syscall } = err as NodeJS.ErrnoException;
        if (code === 'ECONNREFUSED') this.retried.refused += 1;
        else if (code === 'ECONNRESET' && syscall === 'connect') this.retried.reset_while_connecting += 1;
        else if (code === 'ECONNRESET' && method === 'GET') this.retried.broken_get += 1;
        else if (code === 'ECONNRESET' && hasKey(headers)) this.retried.broken_with_key += 1;
        else throw err;
        lastError = err;
        // Every instance refused: both are between stop and start for a moment; wait a little.
        if (attempt % this.bases.length === this.bases.length - 1) await new Promise((r) => setTimeout(r, 50));
      }
    }
    throw lastError;
  }
}

const hasKey = (headers: Record<string, string>) =>
  Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key');

const cookieHeader = (jar: Map<string, string>): Record<string, string> =>
  jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {};

function once<T>(base: string, method: string, path: string, body: unknown, headers: Record<string, string>) {
  return new Promise<{ status: number; body: T | null; setCookies: string[] }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}/api/v1${path}`,
      {
        method,
        agent: false,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        timeout: 15_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          let parsed: T | null = null;
          try {
            parsed = JSON.parse(text) as T;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, setCookies: res.headers['set-cookie'] ?? [] });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}
