import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Nodes, Root } from 'mdast';
import { parseWithReference, type MdxParser } from '../../src/content/dialect.js';
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
  /**
   * The facts that differ (`headings`, `links`, ...; `jsxKinds`: whether each JSX element is a block
   * or inline, see `jsxKinds`), with the reference's and satteri's values of the first difference.
   */
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

/**
 * Each JSX element of a tree as `line:column name flow|text`, in document order: whether the page
 * renders it as a block or inside a paragraph decides whether an unknown one is dropped or fails
 * the page, and whether a heading or `ParamField` there gets an id. The trees are those the facts
 * are read from, unravelled as the platform's MDX compiler unravels them (`unravelParagraphs`).
 */
function jsxKinds(tree: Root | undefined): string[] {
  const kinds: string[] = [];
  const stack: Nodes[] = tree ? [tree] : [];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement')
      kinds.push(`${node.position?.start.line}:${node.position?.start.column} ${node.name ?? '<>'} ${node.type === 'mdxJsxFlowElement' ? 'flow' : 'text'}`);
    if ('children' in node) for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index] as Nodes);
  }
  return kinds;
}

/**
 * The reference's facts of a page and the tree they were read from: the reference is given to
 * `readPage` as its first parser, so that the page is parsed once and its tree kept (`readPage`
 * unravels it in place). A page the reference refuses is read again as `readPage` reads it alone.
 */
function readWithReference(text: string, file: string): { facts: PageFacts; tree: Root | undefined } {
  let tree: Root | undefined;
  const keep: MdxParser = (prepared) => (tree = parseWithReference(prepared));
  const facts = readPage(text, { file, parsers: { native: keep, confirm: () => undefined } });
  return tree ? { facts, tree } : { facts: readPage(text, { file }), tree: undefined };
}

function compare(text: string, file: string, native: MdxParser): Omit<Difference, 'reason'> | undefined {
  let refused = false;
  let nativeTree: Root | undefined;
  const watched: MdxParser = (prepared) => {
    try {
      return (nativeTree = native(prepared));
    } catch (error) {
      refused = true;
      throw error;
    }
  };
  const { facts: reference, tree: referenceTree } = readWithReference(text, file);
  const withNative = readPage(text, { file, parsers: { native: watched } });
  const facts: Record<string, { reference: unknown; native: unknown }> = {};
  for (const key of Object.keys(reference) as (keyof PageFacts)[]) {
    if (!isDeepStrictEqual(reference[key], withNative[key])) facts[key] = firstDifference(reference[key], withNative[key]);
  }
  // Where satteri refused the page, its facts are the reference's: no tree of its own to compare.
  if (referenceTree && nativeTree && !refused) {
    const kinds = { reference: jsxKinds(referenceTree), native: jsxKinds(nativeTree) };
    if (!isDeepStrictEqual(kinds.reference, kinds.native)) facts.jsxKinds = firstDifference(kinds.reference, kinds.native);
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
