import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { pageMarkdown } from '../../src/agents/index.js';
import { customHeadingIds } from '../../src/content/dialect.js';
import { nativeMdxParser } from '../../src/node/native-parser.js';
import { corpusSites, hasCorpus } from '../helpers/corpus.js';
import { corpusPages, fullCorpus, inSample } from '../helpers/corpus-content.js';

const native = nativeMdxParser();

/** The HTML of a Markdown text that is a component tag (`<Note>`, `</Card>`): one the Markdown should have written out. */
function componentTags(text: string): string[] {
  const tags: string[] = [];
  const visit = (node: { type: string; value?: string; children?: unknown[] }) => {
    if (node.type === 'html' && /^<\/?[A-Z]/.test(node.value ?? '')) tags.push((node.value ?? '').slice(0, 60));
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit(markdownToMdast(text, { features: { gfm: true, math: true } }) as never);
  return tags;
}

// Every page of the corpus as Markdown (`<page>.md`, llms-full.txt): made without an exception,
// it parses as Markdown, and a page satteri reads keeps no component tag (they are written out).
// npm test takes one page in 16 (a fixed sample); QUIRE_FULL_CORPUS=1 takes them all.
describe.skipIf(!hasCorpus || !native)(`corpus pages as Markdown${fullCorpus ? '' : ' (a sample; QUIRE_FULL_CORPUS=1: all)'}`, () => {
  it('every page gives Markdown with its components written out', { timeout: 600_000 }, () => {
    let pages = 0;
    const left: string[] = [];
    for (const site of corpusSites()) {
      for (const { path, text } of corpusPages(site)) {
        if (!inSample(`${site}/${path}`, 16)) continue;
        pages++;
        const written = pageMarkdown(text, { title: path, parse: native! });
        expect(written.startsWith(`# ${path}`), `${site}/${path}`).toBe(true);
        let parsed = true;
        try {
          native!(customHeadingIds(text).text);
        } catch {
          parsed = false;
        }
        if (parsed) for (const tag of componentTags(written)) left.push(`${site}/${path}: ${tag}`);
      }
    }
    expect(pages).toBeGreaterThan(fullCorpus ? 40_000 : 2_000);
    expect(left).toEqual([]);
  });
});
