import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleProxyRequest,
  isDeclaredTarget,
  isPrivateAddress,
  PROXY_HEADERS_HEADER,
  PROXY_STATUS_HEADER,
  PROXY_URL_HEADER,
} from '../../src/cli/playground-proxy.js';
import type { ServerModel } from '../../src/openapi/types.js';

describe('the addresses the proxy refuses', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not an address',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('the servers the proxy forwards to', () => {
  const servers: ServerModel[] = [
    { url: 'https://{region}.api.example.com/v1', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } },
    { url: 'http://127.0.0.1:{port}/', variables: { port: { default: '4010' } } },
    { url: '/relative' },
  ];
  it.each([
    ['https://eu.api.example.com/v1/items?x=1', true],
    ['https://us.api.example.com/v1', true],
    ['HTTPS://EU.API.EXAMPLE.COM/v1/items', true],
    ['http://127.0.0.1:9999/anything', true],
    // A value the enum does not list, a longer path segment, a host that only starts alike.
    ['https://xx.api.example.com/v1/items', false],
    ['https://eu.api.example.com/v10', false],
    ['https://eu.api.example.com.attacker.net/v1', false],
    ['https://eu.api.example.com/v2', false],
    // Another scheme, credentials in the URL, a relative server.
    ['http://eu.api.example.com/v1', false],
    ['https://user:secret@eu.api.example.com/v1', false],
    ['http://127.0.0.1@attacker.net:9999/', false],
    ['file:///etc/passwd', false],
    ['https://docs.example.com/relative', false],
  ])('%s: %s', (target, declared) => expect(isDeclaredTarget(new URL(target), servers)).toBe(declared));
});

/** What the API behind the proxy received. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

describe('handleProxyRequest', () => {
  let api: Server;
  let proxy: Server;
  let apiUrl: string;
  let proxyUrl: string;
  const received: Received[] = [];
  let allowPrivate = true;

  beforeAll(async () => {
    api = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
        if (request.url === '/moved') {
          response.writeHead(302, { location: 'http://10.0.0.1/secret' });
          response.end();
        } else if (request.url === '/slow') setTimeout(() => response.end('late'), 2_000);
        else {
          response.writeHead(404, { 'content-type': 'text/plain', 'set-cookie': 'sid=1', connection: 'close' });
          response.end('not here');
        }
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    proxy = createServer((request, response) =>
      handleProxyRequest(request, response, {
        servers: () => [{ url: apiUrl }, { url: 'http://localhost:{port}', variables: { port: { default: '1' } } }],
        allowPrivate,
        maxRequestBytes: 1_000,
        timeoutMs: 500,
      }),
    );
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/_quire/proxy`;
  });
  afterAll(async () => {
    api.closeAllConnections();
    proxy.closeAllConnections();
    await Promise.all([new Promise((resolve) => api.close(resolve)), new Promise((resolve) => proxy.close(resolve))]);
  });

  const through = (target: string, init: RequestInit & { reader?: Array<[string, string]> } = {}) =>
    fetch(proxyUrl, {
      ...init,
      headers: {
        ...(init.headers as Record<string, string>),
        [PROXY_URL_HEADER]: target,
        ...(init.reader ? { [PROXY_HEADERS_HEADER]: encodeURIComponent(JSON.stringify(init.reader)) } : {}),
      },
    });

  it("forwards the reader's method, headers, cookies and body, and nothing of the browser's own", async () => {
    const response = await through(`${apiUrl}/items/1?x=1`, {
      method: 'PATCH',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', cookie: 'preview=secret', origin: 'http://127.0.0.1:3000' },
      reader: [
        ['X-Api-Key', 'k é'],
        ['Cookie', 'session=s-1'],
        ['Connection', 'upgrade'],
      ],
    });
    // The API's status and headers, the proxy's own 200: a 404 of the API is an answer, not a failure.
    expect(response.status).toBe(200);
    expect(response.headers.get(PROXY_STATUS_HEADER)).toBe('404 Not Found');
    expect(await response.text()).toBe('not here');
    // Shown, not set on the preview's origin.
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-quire-proxy-set-cookie')).toBe('sid=1');
    const request = received.at(-1) as Received;
    expect(request).toMatchObject({ method: 'PATCH', url: '/items/1?x=1', body: '{"a":1}' });
    // HTTP header values are bytes: é, within Latin-1, arrives as the one byte a browser would send.
    expect(request.headers['x-api-key']).toBe('k é');
    expect(request.headers.cookie).toBe('session=s-1');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.origin).toBeUndefined();
    expect(request.headers.connection).not.toBe('upgrade');
  });

  it('follows no redirect: the reader sees it', async () => {
    const response = await through(`${apiUrl}/moved`);
    expect(response.headers.get(PROXY_STATUS_HEADER)).toBe('302 Found');
    expect(response.headers.get('location')).toBe('http://10.0.0.1/secret');
  });

  it('refuses what it must not forward, saying why', async () => {
    const cases: Array<[Promise<Response>, number, string]> = [
      [fetch(proxyUrl, { method: 'POST' }), 400, 'needs the request'],
      [through('not a url'), 400, 'is not a URL'],
      [through('https://attacker.net/'), 403, 'is not a server'],
      [through(`${apiUrl}/`, { reader: [['bad name', 'x']] }), 400, 'is not a list'],
      [through(`${apiUrl}/`, { method: 'POST', body: 'x'.repeat(2_000) }), 413, 'larger than the proxy forwards'],
      [through(`${apiUrl}/slow`), 504, 'did not answer within 0.5 s'],
      [through('http://localhost:1/'), 502, 'could not be reached'],
    ];
    for (const [answer, status, message] of cases) {
      const response = await answer;
      expect(response.status, message).toBe(status);
      expect(response.headers.get('x-quire-proxy-error')).toBe('1');
      expect(((await response.json()) as { error: string }).error).toContain(message);
    }
  });

  it('refuses loopback addresses, by name or number, unless allowed', async () => {
    allowPrivate = false;
    try {
      const before = received.length;
      const byNumber = await through(`${apiUrl}/items`);
      expect(byNumber.status).toBe(403);
      expect(((await byNumber.json()) as { error: string }).error).toContain('127.0.0.1 is a loopback or private address');
      // A name is checked on every address it resolves to, and the connection made to the one checked.
      const byName = await through('http://localhost:1/');
      expect(byName.status).toBe(403);
      expect(((await byName.json()) as { error: string }).error).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a loopback or private address/);
      expect(received.length).toBe(before);
    } finally {
      allowPrivate = true;
    }
  });
});
