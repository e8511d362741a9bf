import slugify from '@sindresorhus/slugify';
import { describe, expect, it } from 'vitest';
import { headingSlugger, slugOfEncoded } from '../../src/content/slug.js';
import { corpusPages, hasCorpus } from '../helpers/corpus.js';

// What the platform computes (slugify in @mintlify/common, on @sindresorhus/slugify 2).
function platformSlug(text: string): string {
  const encoded = encodeURIComponent(text.toLowerCase().trim().replace(/\s+/g, '-'));
  return /%[0-9A-F]{2}/.test(encoded) ? slugify(encoded, { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false }) : slugify(encoded, { decamelize: false, preserveCharacters: ['_'] });
}

describe('heading ids', () => {
  it('are the platform\'s slugs, numbered from the second repeat', () => {
    const slug = headingSlugger();
    expect(['Getting Started', 'Setup', 'Setup', 'Setup', 'A & B', 'Node.js (v20)', '安装 步骤', 'It\'s', 'Setup-2', '  '].map((text) => slug(text))).toEqual([
      'getting-started', 'setup', 'setup-2', 'setup-3', 'a-%26-b', 'node-js-v20', '%E5%AE%89%E8%A3%85-%E6%AD%A5%E9%AA%A4', 'its',
      // "setup-2" is taken by the second "Setup": the platform numbers it on.
      'setup-2-2', '',
    ]);
  });

  it('number written ids with the slugs, and clean them as the platform does', () => {
    const slug = headingSlugger();
    // @mintlify/common's remarkExtractTableOfContents: one set of ids for written ids and slugs.
    expect([slug('Install', 'setup'), slug('Setup'), slug('Again', 'setup'), slug('Other', "what's-new?"), slug('Empty', ''), slug('Bad escape', '100%zz')]).toEqual(['setup', 'setup-2', 'setup-3', 'whats-new', 'empty', '100%zz']);
  });

  it('equal the library\'s on hand-picked text', () => {
    for (const text of ['Hello World', 'C# & .NET', 'What\'s new?', '¿Qué es?', 'naïve café', '🔥 Firecrawl', 'x_y z', 'v1.2.3', '', '--a--', 'Über', '100%', 'a\\b']) {
      expect(slugOfEncoded(encodeURIComponent(text.toLowerCase().trim().replace(/\s+/g, '-'))), text).toBe(platformSlug(text));
    }
  });

  // Heading lines of the corpus, markup and all (any text will do: the point is that the shortcut
  // never differs from the library). Those the library has work on (anything but lower-case
  // words), one distinct text in fifty: the library takes milliseconds a call. All of them were
  // compared when the shortcut was written (STEP=1: no difference, 7 minutes).
  it.skipIf(!hasCorpus)('equal the library\'s on heading lines of the corpus', () => {
    const step = Number(process.env.STEP ?? 50);
    const seen = new Set<string>();
    let compared = 0;
    for (const page of corpusPages()) {
      for (const [, text] of page.text.matchAll(/^ {0,3}#{1,6}[ \t]+(.+)$/gm)) {
        if (seen.has(text as string) || /^[a-z0-9 ]*$/.test(text as string)) continue;
        seen.add(text as string);
        if (seen.size % step !== 0) continue;
        compared++;
        expect(slugOfEncoded(encodeURIComponent((text as string).toLowerCase().trim().replace(/\s+/g, '-'))), text).toBe(platformSlug(text as string));
      }
    }
    expect(compared).toBeGreaterThan(2_000);
  }, 600_000);
});
