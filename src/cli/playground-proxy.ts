import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { ServerModel } from '../openapi/types.js';

/**
 * `quire dev`'s proxy for the API playground: the page sends the reader's request to this path
 * when the site asks for a proxy (`api.playground.proxy`, on by default on the platform) or when
 * the API refused the browser's cross-origin request. It is not an open proxy:
 * - it forwards only to the servers the site's descriptions declare (`servers`, with their
 *   variables), and only over HTTP or HTTPS;
 * - never to a loopback, private, link-local or otherwise reserved address, checked on every
 *   address the host name resolves to, and connected to the address it checked (no second
 *   lookup an attacker's DNS could answer otherwise), unless `quire dev --proxy-private` allows it;
 * - it sends the headers the reader gave and nothing of the browser's own (not the preview's
 *   cookies, origin or referrer), follows no redirect (its status is shown), and limits the body
 *   sizes and the time.
 */
export const PROXY_PATH = '/_quire/proxy';

/** The request's target URL (absolute). */
export const PROXY_URL_HEADER = 'x-quire-proxy-url';
/** The reader's headers, cookies included: `encodeURIComponent(JSON.stringify([[name, value], ...]))`. */
export const PROXY_HEADERS_HEADER = 'x-quire-proxy-headers';
/** On the answer: the API's status and status text (`404 Not Found`); the proxy's own status is then 200. */
export const PROXY_STATUS_HEADER = 'x-quire-proxy-status';
/** On the answer: set when the proxy itself refused or failed (its JSON body says why). */
export const PROXY_ERROR_HEADER = 'x-quire-proxy-error';

/** What {@link handleProxyRequest} is given. */
export interface PlaygroundProxyOptions {
  /** The servers the site's descriptions declare, as they are now (the site may change while `quire dev` runs). */
  servers(): readonly ServerModel[];
  /** `--proxy-private`: allow loopback and private addresses (an API running on this machine). */
  allowPrivate: boolean;
  /** Largest request body forwarded. Default 10 MiB. */
  maxRequestBytes?: number;
  /** Largest response body passed back. Default 50 MiB. */
  maxResponseBytes?: number;
  /** Time for the whole exchange. Default 30 s. */
  timeoutMs?: number;
}

/** Headers that describe one connection, never forwarded (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Addresses no public API has: loopback, private, link-local, shared, documentation, multicast and reserved ranges. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4, v6, or v4 mapped into v6) is one the proxy refuses without `--proxy-private`. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true; // not an address at all: nothing to trust
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether `target` is at one of `servers`: it starts with a server's URL, each `{variable}` of it
 * one of its `enum` values (any text without `/` when it has none), followed by nothing or by
 * `/`, `?` or `#`. Relative server URLs (same origin as the docs) are not proxied.
 */
export function isDeclaredTarget(target: URL, servers: readonly ServerModel[]): boolean {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (target.username !== '' || target.password !== '') return false;
  const href = target.href;
  return servers.some((server) => serverPattern(server)?.test(href) === true);
}

function serverPattern(server: ServerModel): RegExp | undefined {
  const template = server.url.replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(template)) return undefined;
  let source = '';
  let last = 0;
  for (const match of template.matchAll(/\{([^}]+)\}/g)) {
    source += escaped(template.slice(last, match.index));
    const values = server.variables?.[match[1] as string]?.enum;
    source += values && values.length > 0 ? `(?:${values.map(escaped).join('|')})` : '[^/?#@]*';
    last = match.index + match[0].length;
  }
  source += escaped(template.slice(last));
  // The URL parser lower-cases the scheme and the host: so does the pattern's start.
  return new RegExp(`^${source}(?:[/?#]|$)`, 'i');
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Answers a request to {@link PROXY_PATH}: forwards it, or says in JSON why it does not. */
export function handleProxyRequest(request: IncomingMessage, response: ServerResponse, options: PlaygroundProxyOptions): void {
  const refuse = (status: number, error: string) => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const body = JSON.stringify({ error });
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      [PROXY_ERROR_HEADER]: '1',
    });
    response.end(body);
    request.resume();
  };
  // A page of the preview asks: a form elsewhere posting here is refused by the header it cannot set.
  const rawTarget = request.headers[PROXY_URL_HEADER];
  if (typeof rawTarget !== 'string') return refuse(400, `The proxy needs the request's URL in the ${PROXY_URL_HEADER} header.`);
  let target: URL;
  try {
    target = new URL(rawTarget);
  } catch {
    return refuse(400, `"${rawTarget}" is not a URL.`);
  }
  if (!isDeclaredTarget(target, options.servers()))
    return refuse(403, `${target.origin} is not a server the site's OpenAPI descriptions declare: quire dev forwards only to those.`);
  let headers: Array<[string, string]>;
  try {
    headers = readerHeaders(request.headers[PROXY_HEADERS_HEADER]);
  } catch {
    return refuse(400, `The ${PROXY_HEADERS_HEADER} header is not a list of [name, value] pairs.`);
  }
  const maxRequest = options.maxRequestBytes ?? 10 * 1024 * 1024;
  const maxResponse = options.maxResponseBytes ?? 50 * 1024 * 1024;
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  if (declaredLength > maxRequest) return refuse(413, `The request body is larger than the proxy forwards (${maxRequest} bytes).`);
  const forwarded: Record<string, string | string[]> = {};
  for (const [name, value] of headers) {
    const key = name.toLowerCase();
    if (HOP_BY_HOP.has(key) || key === 'host' || key === 'content-length') continue;
    const known = forwarded[key];
    forwarded[key] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  const contentType = request.headers['content-type'];
  if (contentType !== undefined && forwarded['content-type'] === undefined) forwarded['content-type'] = contentType;
  const hasBody = request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
  if (request.headers['content-length'] !== undefined) forwarded['content-length'] = request.headers['content-length'];

  const hostname = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(hostname) !== 0 && !options.allowPrivate && isPrivateAddress(hostname))
    return refuse(403, `${hostname} is a loopback or private address: quire dev's proxy does not forward there unless started with --proxy-private.`);
  const checkedLookup = (host: string, lookupOptions: LookupOptions, callback: (...args: unknown[]) => void) => {
    dnsLookup(host, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      const refused = options.allowPrivate ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused)
        return callback(Object.assign(new Error(`${host} resolves to ${refused.address}, a loopback or private address`), { code: 'QUIRE_PRIVATE' }));
      if (lookupOptions.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' }));
      return callback(null, first.address, first.family);
    });
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const outgoing = send(target, {
    method: request.method ?? 'GET',
    headers: forwarded,
    lookup: checkedLookup as never,
    agent: false,
    timeout: options.timeoutMs ?? 30_000,
  });
  const timer = setTimeout(() => outgoing.destroy(Object.assign(new Error('timed out'), { code: 'QUIRE_TIMEOUT' })), options.timeoutMs ?? 30_000);
  const done = () => clearTimeout(timer);
  outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error('timed out'), { code: 'QUIRE_TIMEOUT' })));
  outgoing.on('error', (error: NodeJS.ErrnoException) => {
    done();
    if (error.code === 'QUIRE_PRIVATE') refuse(403, `${error.message}: quire dev's proxy does not forward there unless started with --proxy-private.`);
    else if (error.code === 'QUIRE_TIMEOUT') refuse(504, `${target.origin} did not answer within ${(options.timeoutMs ?? 30_000) / 1000} s.`);
    else if (error.code === 'QUIRE_TOO_LARGE') refuse(413, error.message);
    else refuse(502, `${target.origin} could not be reached: ${error.message}`);
  });
  outgoing.on('response', (answer) => {
    const length = Number(answer.headers['content-length'] ?? 0);
    if (length > maxResponse) {
      done();
      answer.destroy();
      refuse(502, `The API's answer is larger than the proxy passes back (${maxResponse} bytes).`);
      return;
    }
    const passed: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      // Set-Cookie would set the API's cookies on the preview's origin: shown, not set.
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      passed[name === 'set-cookie' ? 'x-quire-proxy-set-cookie' : name] = value;
    }
    passed[PROXY_STATUS_HEADER] = `${answer.statusCode ?? 502} ${answer.statusMessage ?? ''}`.trim();
    passed['cache-control'] = 'no-store';
    response.writeHead(200, passed);
    let received = 0;
    answer.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxResponse) {
        answer.destroy();
        response.destroy();
      }
    });
    answer.pipe(response);
    answer.on('end', done);
    answer.on('error', () => {
      done();
      response.destroy();
    });
  });
  if (!hasBody) {
    outgoing.end();
    return;
  }
  let sent = 0;
  request.on('data', (chunk: Buffer) => {
    sent += chunk.length;
    if (sent > maxRequest) {
      request.unpipe(outgoing);
      outgoing.destroy(Object.assign(new Error(`The request body is larger than the proxy forwards (${maxRequest} bytes).`), { code: 'QUIRE_TOO_LARGE' }));
    }
  });
  request.pipe(outgoing);
}

/** The reader's headers from {@link PROXY_HEADERS_HEADER}; none when it is absent. */
function readerHeaders(value: string | string[] | undefined): Array<[string, string]> {
  if (value === undefined) return [];
  const parsed: unknown = JSON.parse(decodeURIComponent(Array.isArray(value) ? value.join('') : value));
  if (!Array.isArray(parsed)) throw new Error('not a list');
  return parsed.map((pair: unknown) => {
    if (!Array.isArray(pair) || typeof pair[0] !== 'string' || typeof pair[1] !== 'string' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(pair[0]))
      throw new Error('not a pair');
    // A line break in a value would end the header: the request is refused by Node, said as a 502.
    return [pair[0], pair[1]];
  });
}
