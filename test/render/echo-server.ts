import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the echo server received it. */
export interface EchoedRequest {
  method: string;
  /** Path and query as sent (`/items/item%207?limit=5`). */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** An API on 127.0.0.1 that records every request and answers it; it allows every origin (CORS), as a public API may. */
export interface EchoServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The requests received, preflights (`OPTIONS`) left out. */
  received: EchoedRequest[];
  close(): Promise<void>;
}

/**
 * Starts the echo server. Every request gets a JSON answer naming its method and path, with a
 * header of its own (`x-echo`), except `…/binary-item`, answered with bytes
 * (`application/octet-stream`); `OPTIONS` answers the browser's preflight with the origin,
 * method and headers it asks for.
 */
export async function startEchoServer(): Promise<EchoServer> {
  const received: EchoedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const cors = {
        'access-control-allow-origin': request.headers.origin ?? '*',
        'access-control-expose-headers': '*',
      };
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          ...cors,
          'access-control-allow-methods': request.headers['access-control-request-method'] ?? 'GET',
          'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '',
        });
        response.end();
        return;
      }
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      if (request.url?.split('?')[0]?.endsWith('/binary-item')) {
        response.writeHead(200, { ...cors, 'content-type': 'application/octet-stream', 'x-echo': 'binary' });
        response.end(Buffer.from([0, 1, 2, 3, 255]));
        return;
      }
      const body = JSON.stringify({ method: request.method, url: request.url, received: true });
      response.writeHead(201, { ...cors, 'content-type': 'application/json', 'x-echo': 'yes' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
