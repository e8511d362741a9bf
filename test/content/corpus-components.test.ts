import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_COMPONENTS, isHtmlElement } from '../../src/content/components.js';
import { unravelParagraphs } from '../../src/content/unravel.js';
import { nativeMdxParser } from '../../src/node/native-parser.js';
import { corpusSites, corpusSitesRoot, hasCorpus } from '../helpers/corpus.js';
import { fullCorpus } from '../helpers/corpus-content.js';
import { expectedJson } from '../helpers/fixtures.js';

interface MdxNode {
  type: string;
  name?: string | null;
  value?: string;
  children?: MdxNode[];
  position?: { start: { line: number; column: number } };
}

/** A JSX name the corpus pages use that is neither built in nor imported or defined on the page. */
interface UnknownUse {
  /** How many elements use it, over the whole corpus. */
  uses: number;
  /** How many pages. */
  pages: number;
  /** Whether any use is inside a paragraph (the platform fails there) rather than a block (dropped). */
  inline: boolean;
  /** The first use: `<site>/<page>:<line>:<column>`. */
  example: string;
}

const reference = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkMath);
// satteri, to leave out the pages whose every JSX name is known (most of them) before remark reads
// the rest; QUIRE_FULL_CORPUS=1: remark reads every page that may use one, as the platform does.
const native = fullCorpus ? undefined : nativeMdxParser();

// A JSX-looking tag whose name is a component's (anything but a lowercase start, as MDX decides);
// cheap enough to run on every page, so that only the pages that may use an unknown component are
// parsed.
const CANDIDATE_TAG = /<([\p{L}_$][\p{L}\p{N}_$]*(?:\.[\p{L}_$][\p{L}\p{N}_$]*)*)[\s/>]/gu;

// Names bound by `import` and `export` statements in `code`: the platform renders those components
// (snippets, page-defined components) and so does MDX.
function boundNames(code: string): Set<string> {
  const names = new Set<string>();
  for (const match of code.matchAll(/import\s+([\s\S]*?)\s+from\s/g)) for (const name of (match[1] ?? '').match(/[A-Za-z_$][\w$]*/g) ?? []) names.add(name);
  for (const match of code.matchAll(/export\s+(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)/g)) names.add(match[1] ?? '');
  return names;
}

// Code blocks and code spans, which hold most `<Type>` and `<YOUR_KEY>` look-alikes.
const CODE = /^ {0,3}(`{3,}|~{3,})[^]*?^ {0,3}\1|`[^`\n]*`/gm;

function hasCandidate(text: string): boolean {
  const bound = boundNames(text);
  return [...text.replace(CODE, '').matchAll(CANDIDATE_TAG)].some(
    ([, name = '']) => !isHtmlElement(name) && !BUILT_IN_COMPONENTS.has(name) && !bound.has(name.split('.')[0] ?? name),
  );
}

function localNames(tree: MdxNode): Set<string> {
  return boundNames((tree.children ?? []).map((node) => (node.type === 'mdxjsEsm' ? (node.value ?? '') : '')).join('\n'));
}

function unknownUses(tree: MdxNode): { name: string; inline: boolean; line: number; column: number }[] {
  const local = localNames(tree);
  const found: { name: string; inline: boolean; line: number; column: number }[] = [];
  const visit = (node: MdxNode): void => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) {
      const name = node.name;
      if (!BUILT_IN_COMPONENTS.has(name) && !isHtmlElement(name) && !local.has(name.split('.')[0] ?? name)) {
        found.push({ name, inline: node.type === 'mdxJsxTextElement', line: node.position?.start.line ?? 0, column: node.position?.start.column ?? 0 });
      }
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return found;
}

/**
 * The unknown uses on a page as remark (the platform's parser) reads it, or undefined when remark
 * refuses the page. satteri reads it first, about 20 times faster: where it finds every JSX name
 * known, remark would too (the two agree on the JSX elements of the corpus pages, names and places:
 * test/corpus/parser-conformance.test.ts), and the page is done: remark reads the 238 pages that
 * use an unknown name instead of the thousands that look as if they might. Whether a use is inline
 * is remark's word, after the platform's step that makes an element alone in its paragraph a
 * block (`unravelParagraphs`), so those pages are read by remark.
 */
function pageUnknownUses(text: string): ReturnType<typeof unknownUses> | undefined {
  if (native) {
    try {
      if (unknownUses(native(text) as MdxNode).length === 0) return [];
    } catch {
      // refused by satteri: remark decides
    }
  }
  try {
    const parsed = reference.parse(text);
    // As the platform's MDX compiler hands the page to its steps: an element alone in its
    // paragraph is a block there, dropped when unknown; one inside a sentence fails the page.
    unravelParagraphs(parsed);
    return unknownUses(parsed as MdxNode);
  } catch {
    return undefined;
  }
}

function corpusUnknownComponents(): Record<string, Record<string, UnknownUse>> {
  const bySite: Record<string, Record<string, UnknownUse>> = {};
  for (const site of corpusSites()) {
    const uses: Record<string, UnknownUse> = {};
    const content = gunzipSync(readFileSync(path.join(corpusSitesRoot, site, 'content.jsonl.gz'))).toString('utf8');
    for (const line of content.split('\n')) {
      if (!line) continue;
      const page = JSON.parse(line) as { path: string; text: string };
      if (!/\.mdx?$/.test(page.path) || !hasCandidate(page.text)) continue;
      const found = pageUnknownUses(page.text);
      if (!found) continue; // a page MDX cannot parse is a syntax error, reported as such, not here
      const seenOnPage = new Set<string>();
      for (const use of found) {
        const entry = (uses[use.name] ??= { uses: 0, pages: 0, inline: false, example: `${page.path}:${use.line}:${use.column}` });
        entry.uses += 1;
        entry.inline ||= use.inline;
        if (!seenOnPage.has(use.name)) entry.pages += 1;
        seenOnPage.add(use.name);
      }
    }
    if (Object.keys(uses).length > 0) bySite[site] = Object.fromEntries(Object.entries(uses).sort(([a], [b]) => a.localeCompare(b)));
  }
  return bySite;
}

// Every capitalised JSX name the corpus pages use is either in the catalogue or listed here, with
// the page of its first use: a catalogue change that makes a real component unknown (or the
// reverse) shows up as a diff of this file. The names here were checked by hand; see
// docs/components.md ("What the corpus uses that the platform does not know").
describe.skipIf(!hasCorpus)('the components the corpus pages use', () => {
  it('are built in, imported, defined on the page, or listed as unknown', { timeout: 300_000 }, () => {
    const actual = corpusUnknownComponents();
    const file = path.join(import.meta.dirname, 'corpus-unknown-components.expected.json');
    expect(actual).toEqual(expectedJson(file, actual));
  });
});
