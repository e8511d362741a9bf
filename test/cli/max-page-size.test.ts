import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../src/index.js';
import { parseMaxPageSize } from '../../src/cli/load.js';
import { quireInProcess } from '../helpers/cli.js';

// "Pages over a size limit (configurable) get one diagnostic and are not parsed" (issue 36):
// `--max-page-size` on the commands that read pages, `maxPageBytes` in the API.

const DOCS_JSON = JSON.stringify({
  $schema: 'https://mintlify.com/docs.json',
  theme: 'mint',
  name: 'Sizes',
  colors: { primary: '#0D9373' },
  navigation: { groups: [{ group: 'Start', pages: ['index', 'long'] }] },
});
/** 3,000 bytes or so, with a broken link: reported when the page is parsed, not when it is refused. */
const LONG_PAGE = `# Long\n\n[Nowhere](/nowhere)\n\n${'Some words of text.\n'.repeat(150)}`;

function site(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'quire-max-page-size-'));
  writeFileSync(path.join(root, 'docs.json'), DOCS_JSON);
  writeFileSync(path.join(root, 'index.mdx'), '# Home\n\nSee [the long page](/long).\n');
  writeFileSync(path.join(root, 'long.mdx'), LONG_PAGE);
  return root;
}

function codes(stdout: string): string[] {
  return (JSON.parse(stdout) as { diagnostics: { code: string; file: string }[] }).diagnostics.map(({ code, file }) => `${code} ${path.basename(file)}`);
}

describe('--max-page-size', () => {
  it('a page over the size given gets one content/too-large warning and is not parsed, also when the cache has it', async () => {
    const root = site();
    const cache = path.join(root, '..', `${path.basename(root)}-cache`);
    const parsed = await quireInProcess(['validate', root, '--format', 'json', '--cache', cache]);
    expect(codes(parsed.stdout)).toEqual(['content/broken-link long.mdx']);
    expect(parsed.code).toBe(1);

    const refused = await quireInProcess(['validate', root, '--format', 'json', '--cache', cache, '--max-page-size', '2KB']);
    expect(refused.stderr).toBe('');
    expect(codes(refused.stdout)).toEqual(['content/too-large long.mdx']);
    const [warning] = (JSON.parse(refused.stdout) as { diagnostics: { message: string; hint: string; severity: string }[] }).diagnostics;
    expect(warning?.severity).toBe('warning');
    expect(warning?.message).toMatch(/^The page is 3 KiB, over the 2 KiB Quire reads: its content is not checked\.$/);
    expect(warning?.hint).toMatch(/--max-page-size/);
    expect(refused.code).toBe(0);

    // The refusal was not cached: a larger limit parses the page again.
    const again = await quireInProcess(['validate', root, '--format', 'json', '--cache', cache, '--max-page-size', String(LONG_PAGE.length)]);
    expect(codes(again.stdout)).toEqual(['content/broken-link long.mdx']);
  });

  it('quire build takes it too: the refused page is built without its content', async () => {
    const root = site();
    const out = path.join(root, '..', `${path.basename(root)}-out`);
    const built = await quireInProcess(['build', root, '-o', out, '--format', 'json', '--no-cache', '--max-page-size', '0.02kb']);
    expect(codes(built.stdout)).toEqual(['content/too-large index.mdx', 'content/too-large long.mdx']);
    expect(built.code).toBe(0);
  });

  it('a size that is not one is a usage error (exit 2), on one line', async () => {
    const root = site();
    for (const [command, value] of [
      ['validate', '2 furlongs'],
      ['validate', '0'],
      ['build', '-1MB'],
      ['validate', '600MB'],
    ] as const) {
      const run = await quireInProcess([command, root, ...(command === 'build' ? ['-o', path.join(root, '..', 'out')] : []), `--max-page-size=${value}`]);
      expect(run.stderr.split('\n')[0]).toBe(
        `quire ${command}: --max-page-size must be a size from 1 byte to 512MB (bytes, or with KB or MB: 500KB, 4MB), not "${value}"`,
      );
      expect(run.code).toBe(2);
    }
  });

  it('reads bytes, KB and MB (1,024 and 1,048,576 bytes)', () => {
    expect([parseMaxPageSize('1000'), parseMaxPageSize('500KB'), parseMaxPageSize('1.5mb'), parseMaxPageSize(' 4 MiB ')]).toEqual([
      1000, 512_000, 1_572_864, 4_194_304,
    ]);
    expect(parseMaxPageSize(undefined)).toBeUndefined();
  });
});

describe('maxPageBytes', () => {
  const files = ['docs.json', 'index.mdx', 'long.mdx'];
  const texts = new Map<string, string | Uint8Array>([
    ['docs.json', DOCS_JSON],
    ['index.mdx', '# Home\n'],
    ['long.mdx', new TextEncoder().encode(LONG_PAGE)],
  ]);

  it('compileSite reads pages up to it and refuses those over it, as text or bytes', () => {
    const codesOf = (maxPageBytes?: number, long: string | Uint8Array = LONG_PAGE) =>
      compileSite({ files, texts: new Map([...texts, ['long.mdx', long]]) }, maxPageBytes === undefined ? {} : { maxPageBytes }).diagnostics.map(
        (diagnostic) => diagnostic.code,
      );
    expect(codesOf()).toEqual(['content/broken-link']);
    expect(codesOf(LONG_PAGE.length)).toEqual(['content/broken-link']);
    expect(codesOf(LONG_PAGE.length - 1)).toEqual(['content/too-large']);
    expect(codesOf(LONG_PAGE.length - 1, new TextEncoder().encode(LONG_PAGE))).toEqual(['content/too-large']);
    // Counted in UTF-8: 1,000 'é' are 2,000 bytes.
    expect(codesOf(1999, 'é'.repeat(1000))).toEqual(['content/too-large']);
    expect(codesOf(2000, 'é'.repeat(1000))).toEqual([]);
  });

  it('is a whole number from 1', () => {
    for (const maxPageBytes of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => compileSite({ files, texts }, { maxPageBytes })).toThrow(RangeError);
  });
});
