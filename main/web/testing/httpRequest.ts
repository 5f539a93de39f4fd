import { request } from 'node:http';

export interface HttpReply {
  status: number;
  body: string;
  headers: Record<string, unknown>;
}

/**
 * One HTTP request to a server on 127.0.0.1, with any Host header (the shells check it, so
 * tests send foreign ones on purpose).
 */
export function httpRequest(options: {
  port: number | string;
  path: string;
  host?: string;
  headers?: Record<string, string>;
  method?: string;
}): Promise<HttpReply> {
  const { port, path, method = 'GET' } = options;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: { host: options.host ?? `127.0.0.1:${String(port)}`, ...options.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
