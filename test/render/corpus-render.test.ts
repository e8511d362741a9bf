import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/content/index.js';
import { nodePageParsers } from '../../src/node/native-parser.js';
import { prepareRender, renderPageHtml } from '../../src/render/index.js';
import { fullCorpus, sampleHash } from '../helpers/corpus-content.js';
import { corpusPages, corpusSites, hasCorpus, type CorpusPage } from '../helpers/corpus.js';

/** Pages of each site in the sample of `npm test`. */
const PER_SITE = 7;

/**
 * The pages to render: every page under QUIRE_FULL_CORPUS=1; else, of each of the 52 sites, the
 * {@link PER_SITE} pages first by a fixed hash of site and path (the same on every run), so that
 * every site's make is in the sample, the small ones as the large.
 */
function* sampledPages(): Generator<CorpusPage> {
  if (fullCorpus) {
    yield* corpusPages();
    return;
  }
  for (const site of corpusSites()) {
    const pages = [...corpusPages([site])].map((page) => ({ page, rank: sampleHash(`${page.site}/${page.path}`) }));
    yield* pages
      .sort((a, b) => a.rank - b.rank)
      .slice(0, PER_SITE)
      .map(({ page }) => page);
  }
}

/** A failure's class: its message without the page's own names, places and quoted text. */
function failureClass(stage: string, message: string): string {
  const general = message
    .replace(/^\d+:\d+(?:-\d+:\d+)?: /, '')
    .replace(/\(\d+:\d+(?:-\d+:\d+)?\)/g, '')
    .replace(/^[\w$]+ is not defined$/, '<name> is not defined')
    .replace(/`[^`]*`/g, '`…`')
    .replace(/"[^"]*"/g, '"…"')
    .split('\n')[0]!
    .trim();
  return `${stage}: ${general.slice(0, 140)}`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** An attribute value as React writes it. */
function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] as string);
}

// 7 pages of each of the 52 sites (QUIRE_FULL_CORPUS=1: all), 364 pages: about 20 s of one core
// (one page in 40 by the same hash, 1,129 pages of 43 sites, took 52 s of CPU and 65 s of CI's
// time). Every page of every site, rendered in its site as the HTML build renders it, is
// test/render/corpus-site-render.test.ts's full run (`npm run corpus:render`).
describe.skipIf(!hasCorpus)('the corpus renders on the server', () => {
  it('every sampled page that parses for the checks renders, with the ids the anchor check gives', async () => {
    const parsers = nodePageParsers();
    const failures = new Map<string, string[]>();
    let tried = 0;
    let rendered = 0;
    let withImports = 0;
    let headingsChecked = 0;
    let withPlaceholders = 0;
    const placeholders = new Map<string, number>();
    const missingIds: string[] = [];
    const insideDropped: string[] = [];
    const unexpected: string[] = [];
    const times: number[] = [];
    let prepareMs = 0;
    for (const page of sampledPages()) {
      tried++;
      const name = `${page.site}/${page.path}`;
      const facts = readPage(page.text, { file: page.path, parsers });
      // Code highlighted and math typeset, as a site build renders (the languages of its fences loaded first).
      const prepareStart = performance.now();
      await prepareRender({ pages: [page.text] });
      prepareMs += performance.now() - prepareStart;
      const start = performance.now();
      const result = renderPageHtml({ text: page.text, facts });
      times.push(performance.now() - start);
      if (!result.ok) {
        const key = failureClass(result.error.stage, result.error.message);
        failures.set(key, [...(failures.get(key) ?? []), name]);
        // A page the checks parse without a syntax error must compile here too: same parsers (a
        // page satteri refuses is compiled from the reference's tree, as the checks read it), same
        // dialect. Rendering throws only where an expression names a variable that is nowhere
        // (`{tenant_id}` in prose: a ReferenceError, on the platform too).
        const syntaxError = facts.diagnostics.some((diagnostic) => diagnostic.code === 'content/syntax');
        const undefinedName = result.error.stage === 'render' && / is not defined$/.test(result.error.message);
        if (result.error.stage === 'compile' ? !syntaxError : !undefinedName) unexpected.push(`${name}: ${key}`);
        continue;
      }
      rendered++;
      if (facts.imports.length > 0) withImports++;
      // What is not drawn yet: the built-ins and snippets that render as placeholders.
      const drawnLater = new Set([...result.html.matchAll(/data-component="([^"]+)"/g)].map((match) => match[1] as string));
      if (drawnLater.size > 0) withPlaceholders++;
      for (const component of drawnLater) placeholders.set(component, (placeholders.get(component) ?? 0) + 1);
      // Markdown headings (not inside snippets, which render as placeholders) carry the facts' ids.
      for (const heading of facts.headings) {
        if (heading.element !== undefined || heading.id === '') continue;
        headingsChecked++;
        const attribute = `id="${escapeAttribute(heading.id)}"`;
        if (result.html.includes(attribute)) continue;
        // A component that is nowhere renders nothing, the headings inside it too, while the facts
        // give those headings ids (2 headings of ClickHouse, inside <VerticalStepper>): open.
        if (facts.diagnostics.some((diagnostic) => diagnostic.code === 'content/dropped-component')) insideDropped.push(`${name}#${heading.id}`);
        else missingIds.push(`${name}#${heading.id}`);
      }
    }
    times.sort((a, b) => a - b);
    const total = times.reduce((sum, time) => sum + time, 0);
    const summary = {
      tried,
      rendered,
      withImports,
      withPlaceholders,
      placeholders: [...placeholders].sort((a, b) => b[1] - a[1]).slice(0, 15),
      failures: [...failures].sort((a, b) => b[1].length - a[1].length).map(([key, pages]) => ({ key, count: pages.length, first: pages.slice(0, 3) })),
      headingsChecked,
      missingIds: missingIds.length,
      insideDropped,
      missingIdsFirst: missingIds.slice(0, 10),
      prepareMs: Math.round(prepareMs),
      ms: { mean: total / times.length, median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)], max: times.at(-1) },
    };
    console.log(JSON.stringify(summary, null, 2));
    expect(tried).toBeGreaterThan(350);
    expect(unexpected).toEqual([]);
    expect(missingIds).toEqual([]);
    // HTML elements (`a`, `img`) are never placeholders: they render as themselves (`snippet`
    // stands for an imported default export).
    expect([...placeholders.keys()].filter((name) => /^[a-z]/.test(name) && name !== 'snippet')).toEqual([]);
  }, 600_000);
});
