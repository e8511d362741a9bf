import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { MdxParser } from '../../src/content/dialect.js';
import { readPage, type PageFacts } from '../../src/content/read-page.js';
import { nativeMdxParser } from '../../src/node/native-parser.js';
import { corpusSites, hasCorpus } from '../helpers/corpus.js';
import { corpusPages, fullCorpus, inSample } from '../helpers/corpus-content.js';

// Issue 32: satteri reads pages in Node, remark (the platform's own parser) confirms what satteri
// refuses. This compares the facts `readPage` gives with each on the corpus's pages: with the
// reference alone, and with satteri first (the reference confirming its refusals, as in Node).
// Every page where they differ, or where satteri refuses what the reference reads, is listed in
// parser-conformance.expected.json with the reason; `UPDATE=1` rewrites the entries of the pages
// run, keeping the reasons written (a new entry's reason is empty, and fails until written).
//
// A fixed sample of one page in SAMPLE_EVERY (by a hash of its site and path) and every listed
// page run in `npm test`; `QUIRE_FULL_CORPUS=1` runs all 47,000 (about 10 minutes on 2 cores).
const SAMPLE_EVERY = 120;
const TIMEOUT = fullCorpus ? 3_600_000 : 300_000;
const EXPECTED = new URL('./parser-conformance.expected.json', import.meta.url);

/** How the two readings of a page differ. */
interface Difference {
  /** satteri refused the page and the reference read it: its facts are the reference's. */
  nativeRefused?: true;
  /** The facts that differ (`headings`, `links`, ...), with the reference's and satteri's values of the first difference. */
  facts?: Record<string, { reference: unknown; native: unknown }>;
  /** Why, in words. */
  reason: string;
}

type Expectations = Record<string, Difference>;

/** The first item of two lists that differs, or the values themselves. */
function firstDifference(reference: unknown, native: unknown): { reference: unknown; native: unknown } {
  if (Array.isArray(reference) && Array.isArray(native)) {
    const at = reference.findIndex((item, index) => !isDeepStrictEqual(item, native[index]));
    const index = at === -1 ? reference.length : at;
    return { reference: reference[index] ?? null, native: native[index] ?? null };
  }
  return { reference, native };
}

function compare(text: string, file: string, native: MdxParser): Omit<Difference, 'reason'> | undefined {
  let refused = false;
  const watched: MdxParser = (prepared) => {
    try {
      return native(prepared);
    } catch (error) {
      refused = true;
      throw error;
    }
  };
  const reference = readPage(text, { file });
  const withNative = readPage(text, { file, parsers: { native: watched } });
  const facts: Record<string, { reference: unknown; native: unknown }> = {};
  for (const key of Object.keys(reference) as (keyof PageFacts)[]) {
    if (!isDeepStrictEqual(reference[key], withNative[key])) facts[key] = firstDifference(reference[key], withNative[key]);
  }
  const nativeRefused = refused && !reference.diagnostics.some((diagnostic) => diagnostic.code === 'content/syntax');
  if (!nativeRefused && Object.keys(facts).length === 0) return undefined;
  return { ...(nativeRefused ? { nativeRefused: true as const } : {}), ...(Object.keys(facts).length > 0 ? { facts } : {}) };
}

describe.skipIf(!hasCorpus)('the native parser reads the corpus as the reference does', () => {
  it(
    `gives the same facts on ${fullCorpus ? 'every page' : `a sample of one page in ${SAMPLE_EVERY}`}, but for the listed pages`,
    () => {
      const native = nativeMdxParser();
      expect(native, 'satteri loads on this platform').toBeDefined();
      const expected: Expectations = existsSync(EXPECTED) ? JSON.parse(readFileSync(EXPECTED, 'utf8')) : {};
      const actual: Expectations = {};
      const run = new Set<string>();
      for (const site of corpusSites()) {
        for (const { path, text } of corpusPages(site)) {
          const key = `${site}/${path}`;
          if (!inSample(key, SAMPLE_EVERY) && !(key in expected)) continue;
          run.add(key);
          const difference = compare(text, path, native as MdxParser);
          if (difference) actual[key] = { ...difference, reason: expected[key]?.reason ?? '' };
        }
      }
      const expectedRun = Object.fromEntries(Object.entries(expected).filter(([key]) => run.has(key)));
      if (process.env.UPDATE === '1') {
        const kept = Object.fromEntries(Object.entries(expected).filter(([key]) => !run.has(key)));
        const merged = Object.fromEntries(Object.entries({ ...kept, ...actual }).sort(([left], [right]) => left.localeCompare(right)));
        writeFileSync(EXPECTED, `${JSON.stringify(merged, null, 2)}\n`);
        return;
      }
      expect(run.size).toBeGreaterThan(fullCorpus ? 40_000 : 300);
      expect(actual).toEqual(expectedRun);
      for (const [key, difference] of Object.entries(actual)) expect(difference.reason, `${key} needs a reason`).not.toBe('');
    },
    TIMEOUT,
  );
});
