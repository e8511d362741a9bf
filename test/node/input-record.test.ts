import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadSite, openSite } from '../../src/node/index.js';
import { hashContent } from '../../src/node/input-record.js';
import { copyFixture } from '../helpers/cli.js';

// The input record is what `quire validate` keeps its report with (site-report.test.ts): a hash
// of every file the compiler was given. Only the kept report needs it; the content cache's keys
// hash the same page bytes, and each page's bytes are hashed once for both.

/** Every page (bytes) given to a sha256 hash, in order. */
const hashedBytes = vi.hoisted(() => [] as Uint8Array[]);

vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const createHash = (algorithm: string) => {
    const hash = real.createHash(algorithm);
    const update = hash.update.bind(hash);
    hash.update = ((data: string | Uint8Array, encoding?: BufferEncoding) => {
      if (typeof data !== 'string') hashedBytes.push(data);
      return typeof data === 'string' && encoding !== undefined ? update(data, encoding) : update(data);
    }) as typeof hash.update;
    return hash;
  };
  return { ...real, default: { ...real, createHash }, createHash };
});

const pages = ['guides/broken-syntax.mdx', 'guides/components.mdx', 'guides/install.mdx', 'guides/links.mdx', 'index.mdx', 'snippets/intro.mdx'];

/** How many times the bytes of each page of `root` were hashed since the last call. */
function timesHashed(root: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const page of pages) {
    const bytes = readFileSync(path.join(root, page));
    counts[page] = hashedBytes.filter((hashed) => Buffer.compare(hashed, bytes) === 0).length;
  }
  hashedBytes.length = 0;
  return counts;
}

const each = (times: number) => Object.fromEntries(pages.map((page) => [page, times]));

describe('the input record of openSite', () => {
  it('is not made unless asked for: loadSite and openSite without recordInputs hash nothing', async () => {
    const root = copyFixture('content-cache', 'site');
    hashedBytes.length = 0;
    const loaded = await loadSite(root, { cwd: root, cache: false });
    expect(loaded.content.size).toBe(pages.length);
    expect(timesHashed(root)).toEqual(each(0));
    const opened = await openSite(root, { cwd: root, cache: false });
    expect(opened.inputs).toBeUndefined();
    expect(timesHashed(root)).toEqual(each(0));
  });

  it('holds, when asked for, the hash of every file the compiler was given', async () => {
    const root = copyFixture('content-cache', 'site');
    const { inputs } = await openSite(root, { cwd: root, cache: false, recordInputs: true });
    expect(inputs?.files).toEqual(['docs.json', ...pages.slice(0, 4), 'images/terminal.png', 'index.mdx', 'snippets/intro.mdx']);
    expect(Object.keys(inputs?.hashes ?? {}).sort()).toEqual(['docs.json', ...pages].sort());
    for (const [file, hash] of Object.entries(inputs?.hashes ?? {})) expect(hash, file).toBe(hashContent(readFileSync(path.join(root, file))));
  });

  it("hashes each page's bytes once for the record and the content cache's keys", async () => {
    const root = copyFixture('content-cache', 'site');
    hashedBytes.length = 0;
    // Cold: the cache looks each page up, parses it and stores its facts.
    const cold = await openSite(root, { cwd: root, cacheDir: '.quire/cache', recordInputs: true });
    expect(timesHashed(root)).toEqual(each(1));
    // Warm: each page's facts come from the cache, found by the same key.
    const warm = await openSite(root, { cwd: root, cacheDir: '.quire/cache', recordInputs: true });
    expect(timesHashed(root)).toEqual(each(1));
    expect(warm.inputs).toEqual(cold.inputs);
    expect(warm.site.diagnostics).toEqual(cold.site.diagnostics);
  });
});
