import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ApiHandler } from '../api-handler.js';

function toRequest(incoming: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? '127.0.0.1'}`);
  const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
  // `duplex: 'half'` is how undici accepts a streamed body; the DOM typings do not know it yet.
  const init: RequestInit & { duplex?: 'half' } = { method: incoming.method ?? 'GET', headers, signal };
  if (hasBody) {
    init.body = Readable.toWeb(incoming) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

async function writeBody(body: ReadableStream<Uint8Array>, outgoing: ServerResponse): Promise<void> {
  const reader = body.getReader();
  // A client that hangs up cancels the stream; whatever produces it (an agent job) carries on.
  const cancel = () => void reader.cancel().catch(() => {});
  outgoing.on('close', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || outgoing.destroyed) break;
      if (!outgoing.write(value)) {
        await new Promise<void>((resolve) => {
          outgoing.once('drain', resolve);
          outgoing.once('close', resolve);
        });
      }
    }
  } catch {
    // The stream was cancelled because the connection closed: nothing left to write to.
  } finally {
    outgoing.off('close', cancel);
    outgoing.end();
  }
}

/**
 * Adapts a fetch-style handler to Node's `http` request listener; streamed bodies are flushed as
 * they come. `inFlight`, when given, holds each request's work until its response is written.
 */
export function toNodeListener(handler: ApiHandler, inFlight?: Set<Promise<void>>): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  return (incoming, outgoing) => {
    const aborted = new AbortController();
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) aborted.abort();
    });
    const work = (async () => {
      const response = await handler(toRequest(incoming, aborted.signal), { clientAddress: incoming.socket.remoteAddress ?? 'unknown' });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      outgoing.writeHead(response.status, headers);
      outgoing.flushHeaders();
      if (response.body) await writeBody(response.body, outgoing);
      else outgoing.end();
    })().catch(() => {
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'application/json' });
      outgoing.end('{"error":{"code":"internal","message":"Internal error."}}');
    });
    if (inFlight) {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    }
  };
}

/** A running HTTP server. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:4319`. */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves the handler over HTTP on `host:port` (port 0 picks a free one). */
export async function listen(handler: ApiHandler, { host = '127.0.0.1', port = 0 } = {}): Promise<RunningServer> {
  const inFlight = new Set<Promise<void>>();
  const server = createServer(toNodeListener(handler, inFlight));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    server,
    // Stops accepting, drops the connections, then waits for handlers still at work, so that
    // whatever they use (the store) can be closed safely afterwards.
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await Promise.allSettled([...inFlight]);
    },
  };
}
