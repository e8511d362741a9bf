import slugify, { slugifyWithCounter } from '@sindresorhus/slugify';
import { describe, expect, it } from 'vitest';
import { headingIds, headingSlugger, slugOfEncoded } from '../../src/content/slug.js';
import { corpusPages, hasCorpus } from '../helpers/corpus.js';

// What the platform computes (slugify in @mintlify/common, on @sindresorhus/slugify 2.2.0, the
// version it pins and Quire pins too).
function platformSlug(text: string): string {
  const encoded = encodeURIComponent(text.toLowerCase().trim().replace(/\s+/g, '-'));
  return /%[0-9A-F]{2}/.test(encoded)
    ? slugify(encoded, { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false })
    : slugify(encoded, { decamelize: false, preserveCharacters: ['_'] });
}

// The first step of the platform's heading ids: every Markdown heading of levels 1 to 4 slugged by
// one counter of the library (remarkComponentIds).
function platformCountedSlugs(texts: readonly string[]): string[] {
  const counter = slugifyWithCounter();
  return texts.map((text) => {
    const encoded = encodeURIComponent(text.toLowerCase().trim().replace(/\s+/g, '-'));
    return /%[0-9A-F]{2}/.test(encoded)
      ? counter(encoded, { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false })
      : counter(encoded, { decamelize: false, preserveCharacters: ['_'] });
  });
}

// Out of the table of contents, a Markdown heading keeps its first slug: what headingIds gives it.
const countedSlugs = (texts: readonly string[]) => headingIds(texts.map((text) => ({ text, depth: 2, toc: false })));

/**
 * The heading lines of every corpus page (depth and text, markup and all), read once for the two
 * tests that compare with the library: a pass over the corpus's 47,000 pages costs 6 s.
 */
let headingLines: { site: string; path: string; headings: { depth: number; text: string }[] }[] | undefined;
function corpusHeadings() {
  headingLines ??= [...corpusPages()].map((page) => ({
    site: page.site,
    path: page.path,
    headings: [...page.text.matchAll(/^ {0,3}(#{1,6})[ \t]+(.+)$/gm)].map((match) => ({ depth: (match[1] as string).length, text: match[2] as string })),
  }));
  return headingLines;
}

describe('heading ids', () => {
  it("are first numbered as the library's counter numbers them", () => {
    const texts = ['Setup', 'Setup', 'Setup 2', 'Setup', 'Setup', 'Setup 5', 'SETUP', 'v1.2', 'v1.2', '', '安装', '安装', 'x-1', 'x-1-1', 'x'];
    expect(countedSlugs(texts)).toEqual(platformCountedSlugs(texts));
    // The library's rule for a slug ending in numbers whose base came more than twice.
    expect(countedSlugs(['Setup', 'Setup', 'Setup', 'Setup 5'])).toEqual(['setup', 'setup-2', 'setup-3', 'setup-5-1']);
  });

  it("are the platform's slugs, numbered from the second repeat", () => {
    const slug = headingSlugger();
    expect(
      [
        'Getting Started',
        'Setup',
        'Setup',
        'Setup',
        'A & B',
        'Node.js (v20)',
        '安装 步骤',
        "It's",
        "What's in the zip",
        'Que se passe-t-il ?',
        'Setup-2',
        '  ',
        '',
      ].map((text) => slug(text)),
    ).toEqual([
      'getting-started',
      'setup',
      'setup-2',
      'setup-3',
      'a-%26-b',
      'node-js-v20',
      '%E5%AE%89%E8%A3%85-%E6%AD%A5%E9%AA%A4',
      'its',
      // @sindresorhus/slugify 2.2.0, which the platform pins, joins a lone `s` or `t` to the word
      // before it (readPage gives the slugger `What’s`, curly, as the platform's typography does).
      'whats-in-the-zip',
      'que-se-passet-il-%3F',
      // "setup-2" is taken by the second "Setup": the platform numbers it on.
      'setup-2-2',
      // No text, no slug: the platform numbers that too (an Update whose label is an expression).
      '',
      '-2',
    ]);
  });

  it('number written ids with the slugs, and clean them as the platform does', () => {
    const slug = headingSlugger();
    // @mintlify/common's remarkExtractTableOfContents: one set of ids for written ids and slugs.
    expect([
      slug('Install', 'setup'),
      slug('Setup'),
      slug('Again', 'setup'),
      slug('Other', "what's-new?"),
      slug('Empty', ''),
      slug('Bad escape', '100%zz'),
    ]).toEqual(['setup', 'setup-2', 'setup-3', 'whats-new', 'empty', '100%zz']);
  });

  it("equal the library's on hand-picked text", () => {
    for (const text of [
      'Hello World',
      'C# & .NET',
      "What's new?",
      "Don't panic",
      'Est-ce-t-il-s',
      'a-s-t',
      '¿Qué es?',
      'naïve café',
      '🔥 Firecrawl',
      'x_y z',
      'v1.2.3',
      '',
      '--a--',
      'Über',
      '100%',
      'a\\b',
    ]) {
      expect(slugOfEncoded(encodeURIComponent(text.toLowerCase().trim().replace(/\s+/g, '-'))), text).toBe(platformSlug(text));
    }
  });

  // Heading lines of the corpus, markup and all (any text will do: the point is that the shortcut
  // never differs from the library). Those the library has work on (anything but lower-case
  // words), one distinct text in fifty: the library takes milliseconds a call. All of them were
  // compared when the shortcut was written (STEP=1: no difference, 7 minutes).
  it.skipIf(!hasCorpus)(
    "equal the library's on heading lines of the corpus",
    () => {
      const step = Number(process.env.STEP ?? 50);
      const seen = new Set<string>();
      let compared = 0;
      for (const page of corpusHeadings()) {
        for (const { text } of page.headings) {
          if (seen.has(text) || /^[a-z0-9 ]*$/.test(text)) continue;
          seen.add(text);
          if (seen.size % step !== 0) continue;
          compared++;
          expect(slugOfEncoded(encodeURIComponent(text.toLowerCase().trim().replace(/\s+/g, '-'))), text).toBe(platformSlug(text));
        }
      }
      expect(compared).toBeGreaterThan(2_000);
    },
    600_000,
  );

  it.skipIf(!hasCorpus)(
    "are first numbered as the library's counter numbers them, on pages of the corpus",
    () => {
      // One page in ten of those where numbering happens (STEP=1: all 2,730, 45 s): the library takes
      // half a millisecond a call.
      const step = Number(process.env.STEP ?? 10);
      let candidates = 0;
      let pages = 0;
      for (const page of corpusHeadings()) {
        const texts = page.headings.filter((heading) => heading.depth <= 4).map((heading) => heading.text);
        // Pages where numbering happens: a repeated text, or text ending in a number.
        if (texts.length < 2 || (new Set(texts).size === texts.length && !texts.some((text) => /\d$/.test(text)))) continue;
        if (candidates++ % step !== 0) continue;
        pages++;
        expect(countedSlugs(texts), `${page.site}/${page.path}`).toEqual(platformCountedSlugs(texts));
      }
      expect(pages).toBeGreaterThan(2_000 / step);
    },
    600_000,
  );
});
