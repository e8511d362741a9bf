import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOpenApiSource } from '../../src/node/index.js';

const codes = (result: Awaited<ReturnType<typeof readOpenApiSource>>) => result.diagnostics.map((diagnostic) => diagnostic.code);

describe('readOpenApiSource', () => {
  let base: string;
  let root: string;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    base = mkdtempSync(path.join(tmpdir(), 'quire-read-spec-'));
    root = path.join(base, 'docs');
    mkdirSync(path.join(root, 'specs'), { recursive: true });
    writeFileSync(path.join(root, 'specs', 'api.yaml'), 'openapi: 3.1.0\n');
    writeFileSync(path.join(base, 'secret.yaml'), 'openapi: 3.1.0\n');
    writeFileSync(path.join(root, 'big.json'), 'x'.repeat(2_000));
    symlinkSync(path.join(base, 'secret.yaml'), path.join(root, 'link.yaml'));
    server = createServer((request, response) => {
      if (request.url === '/spec.json') response.end('{"openapi":"3.1.0"}');
      else if (request.url === '/slow') setTimeout(() => response.end('{}'), 2_000);
      else if (request.url === '/endless') {
        // No content-length: the limit must hold while reading.
        response.write('x'.repeat(1_500));
        response.end('x'.repeat(1_500));
      } else {
        response.statusCode = 404;
        response.end('no');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('reads a repository file', async () => {
    const result = await readOpenApiSource('specs/api.yaml', { root });
    expect(result).toEqual({ file: 'specs/api.yaml', text: 'openapi: 3.1.0\n', diagnostics: [] });
    expect((await readOpenApiSource('/specs/api.yaml', { root })).text).toBe('openapi: 3.1.0\n');
  });

  it('refuses paths and links that leave the root, and other schemes', async () => {
    expect(codes(await readOpenApiSource('../secret.yaml', { root }))).toEqual(['openapi/outside-root']);
    expect(codes(await readOpenApiSource('specs/../../secret.yaml', { root }))).toEqual(['openapi/outside-root']);
    expect(codes(await readOpenApiSource('link.yaml', { root }))).toEqual(['openapi/outside-root']);
    expect(codes(await readOpenApiSource('file:///etc/passwd', { root }))).toEqual(['openapi/unsupported-scheme']);
    expect(codes(await readOpenApiSource('ftp://example.com/spec.yaml', { root }))).toEqual(['openapi/unsupported-scheme']);
  });

  it('reports missing files and files over the limit', async () => {
    expect(codes(await readOpenApiSource('specs/nope.yaml', { root }))).toEqual(['openapi/not-found']);
    expect(codes(await readOpenApiSource('specs', { root }))).toEqual(['openapi/not-found']);
    expect(codes(await readOpenApiSource('big.json', { root, maxBytes: 1_000 }))).toEqual(['openapi/too-large']);
  });

  it('fetches http URLs with a timeout and a size limit', async () => {
    expect((await readOpenApiSource(`${url}/spec.json`)).text).toBe('{"openapi":"3.1.0"}');
    expect(codes(await readOpenApiSource(`${url}/missing`))).toEqual(['openapi/fetch-failed']);
    expect(codes(await readOpenApiSource(`${url}/slow`, { timeoutMs: 200 }))).toEqual(['openapi/fetch-timeout']);
    expect(codes(await readOpenApiSource(`${url}/endless`, { maxBytes: 2_000 }))).toEqual(['openapi/too-large']);
    expect(codes(await readOpenApiSource('http://127.0.0.1:1/unreachable', { timeoutMs: 2_000 }))).toEqual(['openapi/fetch-failed']);
  });
});
