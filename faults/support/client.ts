/** What one HTTP call got: a status, or null when the connection failed (server gone) before any answer. */
export type Answer<T = Record<string, unknown>> = { status: number | null; body: T | null; error?: string };

/**
 * A customer's HTTP client with a cookie jar. Each call names the server it goes to, so one session can be
 * carried from one shop instance to another. POSTs send JSON, as the CSRF rule asks.
 */
export class ShopClient {
  private readonly jar = new Map<string, string>();

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  async call<T = Record<string, unknown>>(
    base: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let res: Response;
    try {
      res = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      return { status: null, body: null, error: String((err as Error).cause ?? err) };
    }
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    let parsed: T | null = null;
    try {
      parsed = (await res.json()) as T;
    } catch {
      // the connection broke while the body was arriving, or the answer was not JSON
    }
    return { status: res.status, body: parsed };
  }

  get<T = Record<string, unknown>>(base: string, path: string) {
    return this.call<T>(base, 'GET', path);
  }

  post<T = Record<string, unknown>>(
    base: string,
    path: string,
    body: unknown = {},
    headers: Record<string, string> = {},
  ) {
    return this.call<T>(base, 'POST', path, body, headers);
  }
}
