import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Root } from 'mdast';
import type { MdxParser } from '../content/dialect.js';
import type { PageParsers } from '../content/parse-page.js';
import { MAX_PAGE_NODES, TooManyNodes } from '../content/page-shape.js';
import { confirmWithReference } from './reference-confirmation.js';

/** The part of satteri's API Quire calls: its steps, so that a tree is counted before it is built. */
interface Satteri {
  createMdxMdastHandle(source: string, features: Record<string, boolean>, trackPositions: boolean): unknown;
  serializeHandle(handle: unknown): Uint8Array;
  dropHandle(handle: unknown): void;
  MdastReader: new (buffer: Uint8Array) => { readonly nodeCount: number };
  materializeMdastTree(reader: unknown): unknown;
}

// The platform's dialect (see src/content/dialect.ts): GFM, YAML and TOML frontmatter, math.
// Custom heading ids are blanked out before any parser sees the page, as for the reference.
const FEATURES = { gfm: true, frontmatter: true, math: true, headingAttributes: false };

/**
 * satteri's `mdxToMdast` in its steps: the page is parsed natively, and its tree built in
 * JavaScript only when it holds at most {@link MAX_PAGE_NODES} nodes (building a million took
 * most of 2 s and 465 MB); past that, {@link TooManyNodes}.
 */
function parseCounted(satteri: Satteri, text: string): Root {
  const handle = satteri.createMdxMdastHandle(text, FEATURES, true);
  try {
    const reader = new satteri.MdastReader(satteri.serializeHandle(handle));
    if (reader.nodeCount > MAX_PAGE_NODES) throw new TooManyNodes(reader.nodeCount);
    return satteri.materializeMdastTree(reader) as Root;
  } finally {
    satteri.dropHandle(handle);
  }
}

let loaded: MdxParser | null | undefined;

/**
 * satteri (a native MDX parser, about 20 times remark's speed on the corpus), loaded on first use,
 * or `undefined` where its binary does not load (a platform it has no build for): pages are then
 * read with the reference parser alone. Loaded with `require` so that a missing binary is an
 * error to catch here, not one that stops every command from starting.
 */
export function nativeMdxParser(): MdxParser | undefined {
  if (loaded === undefined) {
    try {
      // The CommonJS build has no import.meta: there the module's own file name stands in for it.
      const satteri = createRequire(import.meta.url ?? pathToFileURL(__filename).href)('satteri') as Satteri;
      loaded = (text) => parseCounted(satteri, text);
    } catch {
      loaded = null;
    }
  }
  return loaded ?? undefined;
}

/** The parsers pages are read with in Node: satteri, and the reference within its budget for what it refuses. */
export function nodePageParsers(): PageParsers | undefined {
  const native = nativeMdxParser();
  return native ? { native, confirm: confirmWithReference } : undefined;
}
