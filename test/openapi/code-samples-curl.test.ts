import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRequest, SAMPLE_FILE_PATH, type SampleRequest } from '../../src/openapi/sample-request.js';
import { corpusEndpointPages, fixturePages, fullSampleRun, type SampledPage } from '../helpers/code-samples.js';
import { hasCorpus } from '../helpers/corpus.js';

/**
 * The cURL sample of a page, run against a local server that records what it receives (the
 * server's origin put in place of the page's), must send the method, path, query, headers,
 * cookies and body of the request the page describes.
 */
interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let server: Server;
let origin = '';
const received = new Map<string, Received>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = String(request.headers['x-sample-id']);
      received.set(id, { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '2' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A folder to run samples in, with the file multipart samples upload. */
function workFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'quire-curl-'));
  mkdirSync(path.join(folder, path.dirname(SAMPLE_FILE_PATH)), { recursive: true });
  writeFileSync(path.join(folder, SAMPLE_FILE_PATH), 'file content');
  return folder;
}

/** The shell command of the page's cURL sample, sent to the local server with `id` in a header. */
function commandOf(sampled: SampledPage, id: string): { request: SampleRequest; command: string } {
  const request = sampleRequest(sampled.page, sampled.defaults ?? 'all');
  // The generated one: samples written in the document come first, and may be labelled cURL too.
  const sample = sampled.page.codeSamples.findLast((candidate) => candidate.label === 'cURL');
  if (!sample) throw new Error(`no cURL sample for ${sampled.file} ${sampled.page.path}`);
  const pageOrigin = (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(request.url) as RegExpExecArray)[0];
  // The id header tells the server's records apart; --max-time keeps a stuck sample from hanging the suite.
  if (!sample.source.startsWith('curl ')) throw new Error(`not a curl command: ${sample.source.slice(0, 80)}`);
  const options = `curl --header 'X-Sample-Id: ${id}' --max-time 10 --silent --show-error --output /dev/null `;
  // The first occurrence is the --url argument; a body may hold the same origin, and keeps it.
  return { request, command: options + sample.source.slice('curl '.length).replace(pageOrigin, origin) };
}

/**
 * Runs the samples of `batch` one after the other in one bash (a process per sample cost 40 ms
 * more each): each through `eval`, so that one that does not parse fails alone, its errors in a
 * file of its own. What the server received of each.
 */
async function runBatch(batch: readonly { sampled: SampledPage; id: string }[], folder: string) {
  const runs = batch.map(({ sampled, id }) => ({ id, ...commandOf(sampled, id) }));
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  const script = runs.map(({ id, command }) => `eval ${quote(command)} 2> ${quote(`stderr-${id}`)}`).join('\n');
  await new Promise<void>((resolve) => spawn('bash', ['-c', script], { cwd: folder, stdio: 'ignore' }).on('close', () => resolve()));
  return runs.map(({ id, request }) => {
    const got = received.get(id);
    const stderr = readFileSync(path.join(folder, `stderr-${id}`), 'utf8');
    return got ? { request, got, stderr } : { request, stderr };
  });
}

/** How `got` differs from the request the page describes; empty when it is the same. */
function differences(request: SampleRequest, got: Received): string[] {
  const found: string[] = [];
  if (got.method !== request.method) found.push(`method ${got.method}, expected ${request.method}`);
  const url = new URL(got.url, origin);
  const expectedPath = new URL(request.url).pathname;
  if (decodeURIComponent(url.pathname) !== decodeURIComponent(expectedPath)) found.push(`path ${url.pathname}, expected ${expectedPath}`);
  const query = [...url.searchParams].map(([name, value]) => `${name}=${value}`);
  const expectedQuery = request.query.map((field) => `${field.name}=${field.value}`);
  if (JSON.stringify(query) !== JSON.stringify(expectedQuery)) found.push(`query ${JSON.stringify(query)}, expected ${JSON.stringify(expectedQuery)}`);
  for (const header of request.headers) {
    const value = got.headers[header.name.toLowerCase()];
    const wanted =
      header.name.toLowerCase() === 'content-type' && header.value.startsWith('multipart/')
        ? String(value).startsWith('multipart/form-data; boundary=')
        : value === header.value;
    if (!wanted) found.push(`header ${header.name}: ${String(value)}, expected ${header.value}`);
  }
  const cookies = String(got.headers.cookie ?? '')
    .split(/;\s*/)
    .filter(Boolean);
  for (const cookie of request.cookies)
    if (!cookies.includes(`${cookie.name}=${cookie.value}`))
      found.push(`cookie ${cookie.name}=${cookie.value} missing from ${JSON.stringify(got.headers.cookie)}`);
  found.push(...bodyDifferences(request, got.body.toString('utf8')));
  return found;
}

function bodyDifferences(request: SampleRequest, body: string): string[] {
  const expected = request.body;
  if (!expected) return body === '' ? [] : [`a body was sent: ${body.slice(0, 200)}`];
  if (expected.json !== undefined) {
    try {
      return JSON.stringify(JSON.parse(body)) === JSON.stringify(expected.json)
        ? []
        : [`JSON body ${body.slice(0, 300)}, expected ${JSON.stringify(expected.json).slice(0, 300)}`];
    } catch {
      return [`body is not JSON: ${body.slice(0, 300)}`];
    }
  }
  if (expected.parts && expected.mediaType.startsWith('multipart/')) {
    return expected.parts.flatMap((part) => {
      const name = `name="${part.name}"`;
      if (!body.includes(name)) return [`multipart part ${part.name} missing`];
      if (part.fileName !== undefined) return body.includes('file content') ? [] : [`file of ${part.name} not uploaded`];
      return body.includes(`${name}\r\n\r\n${part.value ?? ''}\r\n`) ? [] : [`multipart part ${part.name} is not ${JSON.stringify(part.value)}`];
    });
  }
  if (expected.parts) {
    const sent = [...new URLSearchParams(body)].map(([name, value]) => `${name}=${value}`);
    const wanted = expected.parts.map((part) => `${part.name}=${part.value ?? ''}`);
    return JSON.stringify(sent) === JSON.stringify(wanted) ? [] : [`form ${JSON.stringify(sent)}, expected ${JSON.stringify(wanted)}`];
  }
  return body === (expected.text ?? '') ? [] : [`body ${JSON.stringify(body.slice(0, 300))}, expected ${JSON.stringify((expected.text ?? '').slice(0, 300))}`];
}

/** Runs every page's sample, in batches a few at a time; the pages whose request differs, with how. */
async function faults(pages: readonly SampledPage[], prefix: string): Promise<string[]> {
  const folder = workFolder();
  const found: string[] = [];
  const batches: { sampled: SampledPage; id: string }[][] = [];
  pages.forEach((sampled, index) => {
    if (index % 20 === 0) batches.push([]);
    batches.at(-1)!.push({ sampled, id: `${prefix}-${index}` });
  });
  const worker = async () => {
    for (let batch = batches.shift(); batch !== undefined; batch = batches.shift()) {
      const results = await runBatch(batch, folder);
      batch.forEach(({ sampled }, index) => {
        const { request, got, stderr } = results[index]!;
        const where = `${sampled.file} ${sampled.page.method.toUpperCase()} ${sampled.page.path}`;
        if (!got) found.push(`${where}: nothing received (${stderr.trim()})`);
        else for (const difference of differences(request, got)) found.push(`${where}: ${difference}`);
      });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return found;
}

describe('the cURL sample sends the request the page describes', () => {
  it('on the code-samples fixtures: every parameter location, security kind and body media type', async () => {
    const pages = fixturePages().filter(({ page }) => page.kind === 'endpoint' && page.codeSamples.some((sample) => sample.label === 'cURL'));
    expect(pages.length).toBeGreaterThan(20);
    // The fixtures hold every body kind; the comparison must have seen each.
    const kinds = new Set(pages.map(({ page }) => sampleRequest(page, 'all').body?.mediaType.split(';')[0]));
    expect([...kinds]).toEqual(expect.arrayContaining(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']));
    expect(await faults(pages, 'fixture')).toEqual([]);
  });

  it('notices a sample that sends something else (the comparison has teeth)', async () => {
    const [sampled] = fixturePages().filter(({ page }) => page.path === '/json');
    const page = {
      ...sampled!.page,
      codeSamples: sampled!.page.codeSamples.map((sample) =>
        sample.label === 'cURL' ? { ...sample, source: sample.source.replace('--request POST', '--request PUT').replace("O'Brien", "X'Brien") } : sample,
      ),
    };
    const found = await faults([{ file: sampled!.file, page }], 'teeth');
    expect(found.join('\n')).toMatch(/method PUT, expected POST/);
    expect(found.join('\n')).toMatch(/JSON body/);
  });

  it.skipIf(!hasCorpus)(
    `on ${fullSampleRun ? 'every operation' : 'a sample of operations'} of the corpus's descriptions`,
    async () => {
      // The first two operations of every third description (about 230; each sample is a bash
      // and a curl process, 40 ms on the clock, and four operations cost CI 20 s more): the breadth
      // of descriptions is kept, and the fixtures above hold every kind of request.
      const pages = corpusEndpointPages({ codeSamples: { languages: ['curl'] } }, 2);
      expect(pages.length).toBeGreaterThan(fullSampleRun ? 5000 : 200);
      expect(await faults(pages, 'corpus')).toEqual([]);
    },
    600_000,
  );
});
