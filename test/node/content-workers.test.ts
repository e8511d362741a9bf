import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openContentCache, type ContentCache } from '../../src/node/content-cache.js';
import { defaultWorkers, listSiteFiles, readSiteContent, WORKERS_FROM, type ReadSiteContentOptions } from '../../src/node/read-content.js';
import { copyFixture, repositoryRoot } from '../helpers/cli.js';
import { grownContentSite } from '../helpers/content-site.js';

// Run from the sources, readSiteContent starts no worker by itself: these tests give it the built
// worker script (npm test builds first), which runs the built parser.
const builtWorker = new URL('../../dist/content-worker.js', import.meta.url);
const failingWorker = new URL('../helpers/failing-content-worker.mjs', import.meta.url);

async function read(root: string, options: Partial<ReadSiteContentOptions>) {
  const files = (await listSiteFiles(root)).filter((file) => /\.mdx?$/.test(file));
  return readSiteContent(root, files, { fileName: (file) => file, ...options });
}

describe('content workers', () => {
  beforeAll(() => {
    if (!existsSync(builtWorker)) throw new Error(`${builtWorker.pathname} is missing: run npm run build first`);
  });

  it('give the facts the main thread gives, in the order of the files', async () => {
    const root = grownContentSite(8);
    const inProcess = await read(root, { workers: 0 });
    const inWorkers = await read(root, { workers: 2, workerScript: builtWorker });
    expect(inWorkers.workers).toBe(2);
    expect(inProcess.workers).toBe(0);
    expect(inWorkers.facts.size).toBe(46);
    expect([...inWorkers.facts.keys()]).toEqual([...inProcess.facts.keys()]);
    expect(inWorkers.facts).toEqual(inProcess.facts);
    expect(inWorkers.facts.get('guides/broken-syntax-8.mdx')?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['content/syntax']);
  });

  it('read every page when asked for more workers than pages, and their number is a whole number from 0', async () => {
    const root = copyFixture('content-cache', 'site');
    const files = (await listSiteFiles(root)).filter((file) => /\.mdx?$/.test(file));
    const many = await read(root, { workers: files.length + 5, workerScript: builtWorker });
    expect(many.workers).toBeGreaterThanOrEqual(1);
    expect(many.facts).toEqual((await read(root, { workers: 0 })).facts);
    for (const workers of [-1, 1.5, Number.NaN]) await expect(read(root, { workers })).rejects.toThrow(`workers must be a whole number from 0, not ${workers}`);
  });

  it('by default, one per core but one, at most one for each WORKERS_FROM files, at least one', () => {
    expect(WORKERS_FROM).toBe(200);
    expect(defaultWorkers(5_000, 2)).toBe(1);
    expect(defaultWorkers(5_000, 8)).toBe(7);
    expect(defaultWorkers(5_000, 64)).toBe(25);
    expect(defaultWorkers(1_000, 64)).toBe(5);
    expect(defaultWorkers(100, 64)).toBe(1);
    expect(defaultWorkers(25_000, 1)).toBe(1);
  });

  it('key what they parse as the main thread does, so that the next run finds it in the cache', async () => {
    const root = grownContentSite(4);
    const cold = await read(root, { workers: 0 });
    const cacheDir = path.join(root, '.quire', 'cache');
    const first = await read(root, { workers: 2, workerScript: builtWorker, cache: (await openContentCache(cacheDir)) as ContentCache });
    expect({ parsed: first.parsed, cached: first.cached, workers: first.workers }).toEqual({ parsed: 26, cached: 0, workers: 2 });
    // The built workers key with the salt of the main thread (here the sources', not the build's).
    const second = await read(root, { workers: 2, workerScript: builtWorker, cache: (await openContentCache(cacheDir)) as ContentCache });
    expect({ parsed: second.parsed, cached: second.cached, workers: second.workers }).toEqual({ parsed: 0, cached: 26, workers: 0 });
    expect(second.facts).toEqual(cold.facts);
  });

  it('report the page a worker stops on as unreadable, and read every other page', async () => {
    const root = grownContentSite(6);
    const page = readFileSync(path.join(root, 'guides/install.mdx'), 'utf8');
    writeFileSync(path.join(root, 'guides/exit.mdx'), `${page}\nquire-test: exit\n`);
    writeFileSync(path.join(root, 'guides/throw.mdx'), `${page}\nquire-test: throw\n`);
    const expected = await read(root, { workers: 0 });
    const read1 = await read(root, { workers: 2, workerScript: failingWorker });
    expect(read1.facts.size).toBe(expected.facts.size);
    for (const [file, facts] of read1.facts) {
      if (file === 'guides/exit.mdx' || file === 'guides/throw.mdx') continue;
      expect(facts, file).toEqual(expected.facts.get(file));
    }
    expect(read1.facts.get('guides/exit.mdx')?.diagnostics).toEqual([
      {
        code: 'content/unreadable',
        severity: 'error',
        message: 'The page cannot be read: the worker thread reading it stopped (exit code 3); please report it.',
        file: 'guides/exit.mdx',
        pointer: '',
        line: 1,
        column: 1,
      },
    ]);
    expect(read1.facts.get('guides/throw.mdx')?.diagnostics[0]?.message).toBe(
      'The page cannot be read: the worker thread reading it stopped (injected by the test); please report it.',
    );
  });

  it('when no worker starts, read every page in the main thread', async () => {
    const root = copyFixture('content-cache', 'site');
    const expected = await read(root, { workers: 0 });
    const missing = new URL('../../dist/no-such-worker.js', import.meta.url);
    const result = await read(root, { workers: 2, workerScript: missing });
    expect(result.workers).toBe(0);
    expect(result.facts).toEqual(expected.facts);
    rmSync(root, { recursive: true, force: true });
  });

  it('are found beside the built modules', async () => {
    const { contentWorkerScript } = await import('../../src/node/content-workers.js');
    // From the sources there is no script: the main thread parses.
    expect(contentWorkerScript()).toBeUndefined();
    expect(existsSync(path.join(repositoryRoot, 'dist/content-worker.js'))).toBe(true);
  });
});
