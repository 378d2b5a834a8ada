/**
 * A small keep-alive HTTP/1.1 JSON client for load generation: cheaper per request than fetch
 * (the client shares the machine with the app it measures), and able to bind a local address,
 * so each worker signs up from its own loopback address (sign-ups are limited per IP).
 */
import http from 'node:http';

export interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly ms: number;
}

export class HttpClient {
  private readonly agent: http.Agent;
  private readonly origin: URL;

  constructor(origin: string, localAddress?: string) {
    this.origin = new URL(origin);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 4, ...(localAddress ? { localAddress } : {}) });
  }

  request(method: string, path: string, options: { token?: string; json?: unknown; form?: string } = {}): Promise<Reply> {
    const url = new URL(path, this.origin);
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.form;
    const headers: Record<string, string> = {};
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (options.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const started = process.hrtime.bigint();
    return new Promise((resolve, reject) => {
      const req = http.request({ agent: this.agent, host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON (a redirect page): keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, ms: Number(process.hrtime.bigint() - started) / 1e6 });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
