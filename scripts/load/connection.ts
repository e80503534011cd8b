// One keep-alive HTTP connection, as a browser tab holds one: the load is N of these, each sending one request at a time.
import http from 'node:http';

export type Answer = { status: number; text: string; ms: number };

export type Connection = {
  send(method: 'GET' | 'POST' | 'PATCH', path: string, headers: Record<string, string>, body?: string): Promise<Answer>;
  close(): void;
};

export function openConnection(base: string, timeoutMs: number): Connection {
  const url = new URL(base);
  // maxSockets 1: every request of this connection reuses the same socket, so N connections are N sockets.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    send: (method, path, headers, body) =>
      new Promise<Answer>((resolve, reject) => {
        const t0 = performance.now();
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            method,
            path,
            agent,
            headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                text: Buffer.concat(chunks).toString('utf8'),
                ms: performance.now() - t0,
              }),
            );
            res.on('error', reject);
          },
        );
        req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
        req.on('error', reject);
        req.end(body);
      }),
    close: () => agent.destroy(),
  };
}
