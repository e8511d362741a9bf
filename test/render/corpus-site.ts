import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { buildForRender, renderInputOf } from '../../src/cli/render-input.js';
import { loadSiteCodeTools } from '../../src/cli/site-code-tools.js';
import { loadSite } from '../../src/node/index.js';
import { readPage, type PageFacts } from '../../src/content/index.js';
import { parseWithReference } from '../../src/content/dialect.js';
import { nativeMdxParser } from '../../src/node/native-parser.js';
import { contentTypeOf, createSiteRenderer, type SiteRenderer } from '../../src/render/index.js';
import { corpusSitesRoot, materializeCorpusSite } from '../helpers/corpus.js';
import type { CompiledSite } from '../../src/build/types.js';

/** A corpus site compiled as `quire build --html` compiles it, ready to render page by page. */
export interface CorpusSiteRenderer {
  site: string;
  renderer: SiteRenderer;
  /** The compiled site the renderer draws. */
  compiled: CompiledSite;
  /** Every page's URL path, as the build renders them (navigation pages, then endpoint pages). */
  hrefs: string[];
  /** The file of a page's URL path, when it has one (generated endpoint pages have none). */
  fileOf: ReadonlyMap<string, string>;
  /** The page files in which `quire validate` reports a syntax error (`content/syntax`). */
  syntaxErrors: ReadonlySet<string>;
  /** The site's static files the build copies (those pages name, and every file the platform serves): empty in the corpus, as materialize.mjs writes them. */
  staticFiles: readonly string[];
  /** The text of a page or snippet by its path in the site, from the corpus. */
  texts: ReadonlyMap<string, string>;
  /** Every file of the site's repository under its docs folder (the corpus's files.txt). */
  files: ReadonlySet<string>;
  /** Milliseconds to write the site out, load and compile it. */
  loadMs: number;
}

/**
 * Writes a corpus site out in `scratch`, loads it offline (as `quire build --html --offline`),
 * compiles it and gives its renderer, the folder removed again: pages are read from the corpus's
 * content, static files are empty. Undefined when docs.json does not compile (nothing is built then).
 */
export async function openCorpusSite(site: string, scratch: string): Promise<CorpusSiteRenderer | undefined> {
  const start = performance.now();
  const folder = path.join(scratch, site);
  materializeCorpusSite(site, folder);
  let loaded: Awaited<ReturnType<typeof loadSite>>;
  try {
    loaded = await loadSite(folder, { cwd: folder, offline: true });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const texts = corpusTexts(site);
  loaded = confirmedWithoutBudget(loaded, texts);
  const configErrors = loaded.diagnostics.some((diagnostic) => diagnostic.severity === 'error' && diagnostic.file === 'docs.json');
  const config = loaded.config ?? (configErrors ? undefined : loaded.partialConfig);
  if (!config || !loaded.tree) return undefined;
  // Compiled and rendered as the CLI does (src/cli/render-input.ts), the site's own code run; its
  // texts read from the corpus, its other files empty.
  const built = buildForRender(loaded, config);
  const empty = new Uint8Array();
  const tools = await loadSiteCodeTools();
  if (typeof tools === 'string') throw new Error(tools);
  const readText = async (file: string) => texts.get(file) ?? (loaded.siteFiles.includes(file) ? '' : undefined);
  const input = renderInputOf(loaded, built, config);
  const renderer = createSiteRenderer({
    ...input,
    readPage: async (file) => texts.get(file),
    readStaticFile: async () => empty,
    siteCode: { ...tools(folder, loaded.siteFiles, loaded.content), readText },
  });
  const fileOf = new Map<string, string>();
  for (const page of built.site.pages) if (page.file !== undefined && !fileOf.has(page.href)) fileOf.set(page.href, page.file);
  const syntaxErrors = new Set(loaded.diagnostics.filter((diagnostic) => diagnostic.code === 'content/syntax').map((diagnostic) => diagnostic.file));
  return {
    site,
    renderer,
    compiled: built.site,
    hrefs: renderer.hrefs(),
    fileOf,
    syntaxErrors,
    staticFiles: [...new Set([...built.site.staticFiles, ...(input.servedFiles ?? [])])].sort(),
    texts,
    files: new Set(
      readFileSync(path.join(corpusSitesRoot, site, 'files.txt'), 'utf8')
        .split('\n')
        .filter(Boolean),
    ),
    loadMs: performance.now() - start,
  };
}

/**
 * The site with the pages it reports a syntax error in read again, the reference parser given no
 * budget of time. The checks give it 0.6 s of CPU time a page (CONFIRM_BUDGET_MS; it was wall
 * time, and on a loaded machine, a load of 40 on 2 cores, a page satteri refuses and the reference
 * reads, dittofeed's integrations/channels/sms.mdx and email.mdx, was a syntax error in one run and
 * rendered in the next). What is recorded must never follow the machine's load, even past the
 * budget's wall-time cap; the corpus holds no page the reference takes long on.
 */
function confirmedWithoutBudget(loaded: Awaited<ReturnType<typeof loadSite>>, texts: ReadonlyMap<string, string>): Awaited<ReturnType<typeof loadSite>> {
  const native = nativeMdxParser();
  if (!native) return loaded;
  const confirm = (text: string) => {
    try {
      return { tree: parseWithReference(text) };
    } catch (error) {
      return { error };
    }
  };
  const content = new Map<string, PageFacts>(loaded.content);
  const read = new Set<string>();
  for (const [file, facts] of loaded.content) {
    const text = texts.get(file);
    if (text === undefined || !facts.diagnostics.some((diagnostic) => diagnostic.code === 'content/syntax')) continue;
    // Diagnostics name files from the site folder, which is the load's `cwd`.
    const again = readPage(text, { file, parsers: { native, confirm } });
    if (again.diagnostics.some((diagnostic) => diagnostic.code === 'content/syntax')) continue;
    content.set(file, again);
    read.add(file);
  }
  if (read.size === 0) return loaded;
  const diagnostics = loaded.diagnostics.filter((diagnostic) => !(diagnostic.code === 'content/syntax' && read.has(diagnostic.file ?? '')));
  return { ...loaded, content, diagnostics };
}

/** Every text file of a corpus site (pages, OpenAPI documents, snippets) by its path in the site. */
export function corpusTexts(site: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const line of gunzipSync(readFileSync(path.join(corpusSitesRoot, site, 'content.jsonl.gz')))
    .toString('utf8')
    .split('\n')) {
    if (!line) continue;
    const entry = JSON.parse(line) as { path: string; text: string };
    texts.set(entry.path, entry.text);
  }
  return texts;
}

/**
 * The page to open first (`/`, or the first page of the navigation where no page has `/`) and
 * the page whose file is largest (the first page when no page has a file: a site of endpoint pages).
 */
export function homeAndLargest(opened: CorpusSiteRenderer): { home: string; largest: string } {
  const home = opened.hrefs.includes('/') ? '/' : (opened.renderer.first() ?? (opened.hrefs[0] as string));
  let largest = home;
  let size = -1;
  for (const href of opened.hrefs) {
    const file = opened.fileOf.get(href);
    const length = file === undefined ? -1 : (opened.texts.get(file)?.length ?? -1);
    if (length > size) {
      size = length;
      largest = href;
    }
  }
  return { home, largest };
}

/** A server on 127.0.0.1 that answers from memory: the files given by URL path, 404 for anything else. */
export interface MemoryServer {
  url: string;
  /** Replaces what the server answers with. */
  serve(files: ReadonlyMap<string, string | Uint8Array>): void;
  close(): Promise<void>;
}

/** Starts a {@link MemoryServer}; a page's path is given with its `.html`-less URL (`/guides/setup`). */
export async function startMemoryServer(): Promise<MemoryServer> {
  let files: ReadonlyMap<string, string | Uint8Array> = new Map();
  const server = createServer((request, response) => {
    let pathname = '/';
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      // An address that does not decode is nowhere.
    }
    const content = files.get(pathname) ?? files.get(pathname.replace(/\/+$/, ''));
    if (content === undefined) {
      response.writeHead(404, { 'content-type': contentTypeOf('.html') });
      response.end('not found');
      return;
    }
    const isPage = typeof content === 'string' && content.startsWith('<!DOCTYPE html>');
    response.writeHead(200, { 'content-type': contentTypeOf(isPage ? '.html' : pathname) });
    response.end(content);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    serve(next) {
      files = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
