import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROXY_PATH } from './playground-proxy.js';

/** What `quire dev` answers for a path: a page's HTML, a file of the site, or a page that says there is none. */
export interface DevAnswer {
  status: number;
  /** The `Content-Type`. */
  type: string;
  body: string | Uint8Array;
  /** More headers (`location` of a redirect). */
  headers?: Record<string, string>;
  /** The file of the page answered, for a page made from one (not sent). */
  file?: string;
}

/** What {@link startDevServer} takes. */
export interface DevServerOptions {
  /** Default `127.0.0.1`: the preview is for this machine unless asked otherwise. */
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The answer for a decoded path (`/guides/setup`), never a throw: see {@link DevAnswer}. */
  answer(pathname: string): Promise<DevAnswer>;
  /** Answers the API playground's requests to `/_quire/proxy`, any method (see playground-proxy.ts). */
  proxy?(request: IncomingMessage, response: ServerResponse): void;
  /** Called with an error that became a 500. */
  onError?(error: unknown): void;
}

/** A running `quire dev` server. */
export interface RunningDevServer {
  /** `http://host:port`, with the port it listens on. */
  url: string;
  /** Tells every open page to load itself again. */
  reload(): void;
  /** Stops listening and ends the pages' reload streams. */
  close(): Promise<void>;
}

/** The path of the stream a page listens to for reloads (server-sent events). */
export const RELOAD_PATH = '/_quire/reload';

/**
 * Added to every HTML page the server sends: it reloads the page when the server says a file
 * changed. After the server stops and starts again, the browser's EventSource reconnects by itself
 * and the page reloads on the first message.
 */
export const RELOAD_SCRIPT = `<script>(()=>{const s=new EventSource(${JSON.stringify(RELOAD_PATH)});s.onmessage=()=>location.reload();})();</script>`;

/** How often an idle reload stream gets a comment, so that proxies and browsers keep it open. */
const KEEP_ALIVE_MS = 15_000;

/**
 * Serves `answer` over HTTP for `quire dev`: GET and HEAD only (and the playground's proxy, when given); HTML answers get
 * {@link RELOAD_SCRIPT} before `</body>`; {@link RELOAD_PATH} is the stream `reload()` writes to.
 */
export async function startDevServer(options: DevServerOptions): Promise<RunningDevServer> {
  const streams = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.onError?.(error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('quire dev failed on this request; the error is in the terminal.\n');
    });
  });
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (options.proxy && (request.url === PROXY_PATH || request.url?.startsWith(`${PROXY_PATH}?`))) {
      options.proxy(request, response);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      response.end('quire dev answers GET and HEAD only.\n');
      return;
    }
    const pathname = decodedPath(request.url ?? '/');
    if (pathname === undefined) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('The path is not a valid URL path.\n');
      return;
    }
    if (pathname === RELOAD_PATH) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      response.write(': quire dev\n\n');
      streams.add(response);
      request.on('close', () => streams.delete(response));
      return;
    }
    // A page asked for as Markdown (`Accept: text/markdown`, or `text/plain` without HTML, as AI
    // agents and curl ask) is answered with its <page>.md, as on the platform.
    const markdown = wantsMarkdown(request.headers.accept) ? markdownPathOf(pathname) : undefined;
    let answer = markdown === undefined ? undefined : await options.answer(markdown);
    if (answer === undefined || answer.status !== 200) answer = await options.answer(pathname);
    if (markdown !== undefined) answer = { ...answer, headers: { ...answer.headers, vary: 'Accept' } };
    const body = answer.type.startsWith('text/html') && typeof answer.body === 'string' ? withReloadScript(answer.body) : answer.body;
    response.writeHead(answer.status, {
      ...answer.headers,
      'content-type': answer.type,
      'content-length': typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength,
      // Every answer is of the files as they are now.
      'cache-control': 'no-store',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  const keepAlive = setInterval(() => {
    for (const stream of streams) stream.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    reload() {
      for (const stream of streams) stream.write('data: reload\n\n');
    },
    close() {
      clearInterval(keepAlive);
      for (const stream of streams) stream.end();
      streams.clear();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** The path of a request's URL, percent-decoded; undefined when it does not decode. */
function decodedPath(url: string): string | undefined {
  const raw = url.split(/[?#]/, 1)[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function withReloadScript(html: string): string {
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + RELOAD_SCRIPT : html.slice(0, end) + RELOAD_SCRIPT + html.slice(end);
}

/** Whether a request's `Accept` asks for Markdown: `text/markdown`, or `text/plain` without `text/html`. */
function wantsMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => (part.split(';')[0] as string).trim().toLowerCase());
  return types.includes('text/markdown') || (types.includes('text/plain') && !types.includes('text/html'));
}

/** The Markdown of the page at `pathname` (`/guides/setup` is `/guides/setup.md`, `/` is `/index.md`); undefined for a path with an extension. */
function markdownPathOf(pathname: string): string | undefined {
  const href = pathname.replace(/\/+$/, '') || '/';
  if (href === '/') return '/index.md';
  return /\.[a-z0-9]+$/i.test(href.slice(href.lastIndexOf('/'))) ? undefined : `${href}.md`;
}
