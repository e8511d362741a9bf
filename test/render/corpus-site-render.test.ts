import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticSiteFailure } from '../../src/render/index.js';
import { corpusScratch, corpusSites, hasCorpus } from '../helpers/corpus.js';
import { expectedJson } from '../helpers/fixtures.js';
import { chromiumFor, launchChromium } from './chromium.js';
import { browserReason, failureReason, REASON_NEEDED } from './corpus-render-reasons.js';
import { homeAndLargest, openCorpusSite, startMemoryServer } from './corpus-site.js';
import { offlineContext, watchErrors } from './page-errors.js';
import { markdownFileOf, siteUrlOf, siteUrlsIn } from '../../src/agents/index.js';

// Every page of a corpus site rendered as `quire build --html` renders it (the site loaded and
// compiled, each page in the site's shell), and its home page and largest page opened in Chromium.
// A page that renders with an error (written with the error in its place, as the platform shows
// one) and a page with a console error in the browser are recorded with their reason in
// corpus-render.expected/<site>.json; UPDATE=1 writes the sites run (review the diff).
//
// In `npm test`: the sites of SAMPLE, their home and largest pages only. QUIRE_FULL_CORPUS=1: all
// 52 sites, every page (about 47,000; run with NODE_ENV=production, as the CLI renders: React's
// development build is 2-3 times slower); add QUIRE_RENDER_PAGES=two for the two pages of each.
const FULL = process.env.QUIRE_FULL_CORPUS === '1';
const EVERY_PAGE = FULL && process.env.QUIRE_RENDER_PAGES !== 'two';
/** Small sites of different makes: components and snippets, an OpenAPI reference, tabs and groups. */
const SAMPLE = ['AhaSend__docs', 'Chainlit__docs'];

const expectationFolder = path.join(import.meta.dirname, 'corpus-render.expected');

const executablePath = chromiumFor('corpus-site-render.test.ts');

/** A page that rendered with its error in place of its content. */
interface PageFailure {
  href: string;
  file?: string;
  stage: string;
  message: string;
  reason: string;
}

/** A page that had errors in the browser. */
interface BrowserErrors {
  href: string;
  errors: string[];
  reason: string;
}

interface SiteExpectation {
  /**
   * Whether `failures` is of every page (a QUIRE_FULL_CORPUS=1 run), or of the home and largest
   * pages only (`QUIRE_RENDER_PAGES=two`, until a full run records the site).
   */
  everyPage: boolean;
  /** Pages the build renders (navigation, hidden and endpoint pages). */
  pages: number;
  home: string;
  largest: string;
  failures: PageFailure[];
  browser: BrowserErrors[];
}

describe.skipIf(!hasCorpus)(`corpus sites rendered page by page${FULL ? '' : ' (a sample; QUIRE_FULL_CORPUS=1: all)'}`, () => {
  let scratch = '';
  let browser: Browser | undefined;
  const figures: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    scratch = corpusScratch('quire-corpus-render-');
    mkdirSync(expectationFolder, { recursive: true });
    if (executablePath) browser = await launchChromium(executablePath);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    if (figures.length > 1) console.log(JSON.stringify(totals(figures), null, 1));
  });

  for (const site of FULL ? corpusSites() : SAMPLE) {
    it(
      site,
      async () => {
        const file = path.join(expectationFolder, `${site}.json`);
        let previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SiteExpectation) : undefined;
        const opened = await openCorpusSite(site, scratch);
        expect(opened, `${site}: docs.json compiles`).toBeDefined();
        if (!opened) return;
        const { home, largest } = homeAndLargest(opened);
        const start = performance.now();
        const failures: PageFailure[] = [];
        const pages = new Map<string, string>();
        const hrefs = EVERY_PAGE ? opened.hrefs : [...new Set([home, largest])];
        for (const href of hrefs) {
          // renderer.page gives a failure as a value; an exception here is a crash of the build.
          const page = await opened.renderer.page(href);
          expect(page, href).toBeDefined();
          if (!page) continue;
          if (href === home || href === largest) pages.set(href, page.html);
          if (!page.failure) continue;
          const { stage, message } = page.failure;
          const kept = previous?.failures.find((entry) => entry.href === href && entry.message === message && entry.reason !== REASON_NEEDED);
          failures.push({
            href,
            ...(page.file !== undefined ? { file: page.file } : {}),
            stage,
            message,
            reason: kept?.reason ?? failureReason(page.failure, opened),
          });
        }
        const renderMs = performance.now() - start;

        // The site as agents read it: every link of llms.txt is a file the site serves (none would
        // answer 404), and the pages rendered have their Markdown.
        const agentFiles = new Set(opened.renderer.agentFiles());
        const llms = (await opened.renderer.agentFile('llms.txt')) as string;
        const siteUrl = siteUrlOf(opened.compiled);
        const named = siteUrlsIn(llms, { ...(siteUrl ? { siteUrl } : {}), listed: true });
        expect(named.length, `${site} llms.txt`).toBeGreaterThan(0);
        for (const url of named) expect(agentFiles.has(decodeURI(url).slice(1)), `${site} llms.txt: ${url}`).toBe(true);
        for (const href of hrefs) {
          const file = markdownFileOf(href);
          if (file !== undefined) expect(await opened.renderer.agentFile(file), `${site} ${file}`).toMatch(/^# /);
        }

        // The two pages in Chromium, side by side, served from memory with the shell's files and
        // the site's (empty) static files.
        const browserErrors: BrowserErrors[] = [];
        const browserStart = performance.now();
        if (browser) {
          const files = new Map<string, string | Uint8Array>(pages);
          for (const [shellPath, content] of opened.renderer.shellFiles()) files.set(`/${shellPath}`, content);
          for (const staticFile of opened.staticFiles) if (!files.has(`/${staticFile}`)) files.set(`/${staticFile}`, new Uint8Array());
          // A server of its own: a test that timed out goes on running, and must not serve another site's files.
          const server = await startMemoryServer();
          server.serve(files);
          await Promise.all(
            [...pages.keys()].map(async (href) => {
              const context = await offlineContext(browser as Browser);
              try {
                const page = await context.newPage();
                const errors = watchErrors(page, server.url);
                await page.goto(`${server.url}${href}`, { waitUntil: 'load' });
                // The deferred scripts have run at `load`; give what they start (search index, highlighting) a moment.
                await page.waitForTimeout(200);
                if (errors.length === 0) return;
                const sorted = [...new Set(errors)].sort();
                const kept = previous?.browser.find(
                  (entry) => entry.href === href && entry.reason !== REASON_NEEDED && entry.errors.join('\n') === sorted.join('\n'),
                );
                browserErrors.push({ href, errors: sorted, reason: kept?.reason ?? browserReason(sorted, opened) });
              } finally {
                await context.close();
              }
            }),
          );
          await server.close();
          browserErrors.sort((a, b) => (a.href < b.href ? -1 : 1));
        }
        figures.push({
          site,
          pages: opened.hrefs.length,
          rendered: hrefs.length,
          failures: failures.length,
          loadMs: Math.round(opened.loadMs),
          renderMs: Math.round(renderMs),
          browserMs: Math.round(performance.now() - browserStart),
          reasons: countBy(failures.map((failure) => failure.reason)),
        });
        console.log(JSON.stringify(figures.at(-1)));

        const actual: SiteExpectation = { everyPage: EVERY_PAGE, pages: opened.hrefs.length, home, largest, failures, browser: browserErrors };
        if (EVERY_PAGE && browser) {
          const expected = expectedJson(file, actual) as SiteExpectation;
          expect(actual).toEqual(expected);
        } else {
          // A part of the run: what it covers must be as recorded. With UPDATE=1 (and a browser),
          // its pages' entries are written anew, and the other pages' failures keep theirs, their
          // reasons given again where none was.
          if (process.env.UPDATE === '1' && browser) {
            const others = (previous?.failures ?? [])
              .filter((failure) => !hrefs.includes(failure.href))
              .map((failure) => (failure.reason === REASON_NEEDED ? { ...failure, reason: failureReason(failure as StaticSiteFailure, opened) } : failure));
            const order = new Map(opened.hrefs.map((href, index) => [href, index]));
            const merged = [...others, ...failures].sort((a, b) => (order.get(a.href) ?? 0) - (order.get(b.href) ?? 0));
            previous = { ...actual, everyPage: previous?.everyPage ?? false, failures: merged };
            writeFileSync(file, `${JSON.stringify(previous, null, 2)}\n`);
          }
          expect(previous, `${file} exists (QUIRE_FULL_CORPUS=1 UPDATE=1 writes it)`).toBeDefined();
          if (!previous) return;
          expect({ pages: actual.pages, home, largest }).toEqual({ pages: previous.pages, home: previous.home, largest: previous.largest });
          expect(failures).toEqual(previous.failures.filter((failure) => hrefs.includes(failure.href)));
          if (browser) expect(browserErrors).toEqual(previous.browser);
        }
        for (const entry of [...failures, ...browserErrors]) expect(entry.reason, `${site} ${entry.href}`).not.toBe(REASON_NEEDED);
      },
      FULL ? 3_600_000 : 120_000,
    );
  }
});

function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** The figures of a run over several sites, summed. */
function totals(figures: ReadonlyArray<Record<string, unknown>>): Record<string, unknown> {
  const sum = (key: string) => figures.reduce((total, figure) => total + (figure[key] as number), 0);
  const reasons: Record<string, number> = {};
  for (const figure of figures)
    for (const [reason, count] of Object.entries(figure.reasons as Record<string, number>)) reasons[reason] = (reasons[reason] ?? 0) + count;
  return {
    sites: figures.length,
    pages: sum('pages'),
    rendered: sum('rendered'),
    failures: sum('failures'),
    loadMs: sum('loadMs'),
    renderMs: sum('renderMs'),
    browserMs: sum('browserMs'),
    reasons,
  };
}
