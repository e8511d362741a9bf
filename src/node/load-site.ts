import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastGlob from 'fast-glob';
import { inDocumentOrder, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { OmittedPart } from '../config/parse-docs-json.js';
import type { DocsConfig } from '../config/schemas/docs-config.js';
import { checkPageIcon } from '../config/icons/page-icon.js';
import { parseFrontmatter, type PageFrontmatter } from '../mdx/frontmatter.js';
import { filePagePath } from '../navigation/classify.js';
import { checkRedirects } from '../navigation/redirects.js';
import { resolveNavigation } from '../navigation/resolve.js';
import type { MissingPagesSummary, NavigationTree, PageIndex } from '../navigation/types.js';
import { loadDocsJson } from './load-docs-json.js';
import { readFrontmatterBlock } from './read-frontmatter.js';
import { expandOpenApiEndpoints } from '../openapi/expand-endpoints.js';
import { frontmatterDocumentNeeds } from '../openapi/frontmatter-documents.js';
import type { EndpointPage, PlaygroundMode } from '../openapi/types.js';
import { collectSources, describeUses, readOpenApiDocuments, unreadDirectories, withoutUncheckable } from './openapi-documents.js';
import { openApiSourcePlaces, placeInFrontmatter } from './openapi-source-places.js';
import { toPosix } from './paths.js';
import { listPageFilesAndLinks } from './list-page-files.js';
import { explainIgnoredPages, loadIgnoredFiles, type IgnoredFiles } from './ignore-files.js';
import { applyRules, ruleFor, withOptInCodes, type RuleSettings } from '../rules/apply-rules.js';
import { checkContentReaching, type ContentSite } from '../content/check-content.js';
import { inSnippetFolder } from '../content/snippets.js';
import type { PageFacts } from '../content/read-page.js';
import { listSiteFiles, readSiteContent } from './read-content.js';
import { contentCacheFor } from './content-cache.js';
import { markOwnRequestExamples } from './request-examples.js';
import { snippetFiles } from '../content/snippets.js';
import { foldedIntoUnreachedPage, unreachedPageWarning } from './unreached-pages.js';

/** Options of {@link loadSite}. */
export interface LoadSiteOptions {
  /** Folder that file names in diagnostics are relative to. Default `process.cwd()`. */
  cwd?: string;
  /** Report unknown keys outside `navigation` as errors. Default `false`. */
  strict?: boolean;
  /** Whether groups open their first page when `interaction.drilldown` is unset. Default `false`. */
  defaultDrilldown?: boolean;
  /** Pages read at the same time. Default 64. */
  concurrency?: number;
  /** Read the OpenAPI documents in effect and expand their references into endpoint pages. Default `true`. */
  openapi?: boolean;
  /** Time allowed for an OpenAPI document given by URL, in milliseconds. Default 15 s. */
  openapiTimeoutMs?: number;
  /**
   * Do not fetch OpenAPI documents given by URL: each gets an `openapi/url-skipped` warning where
   * it is named, and nothing that uses it is checked. Default `false` (a run where every URL
   * fails for want of a network is taken as offline all the same).
   */
  offline?: boolean;
  /**
   * Called as work advances, for progress bars: page frontmatter read, OpenAPI documents read,
   * and once before endpoint pages are built (`endpoints`, 0, documents).
   */
  onProgress?: (stage: 'pages' | 'openapi' | 'endpoints' | 'content', done: number, total: number) => void;
  /**
   * Severity settings by diagnostic code, applied to every diagnostic (see `applyRules`). Default
   * none. A code reported only on request (`content/unreached-page`) is turned on here, by name.
   */
  rules?: RuleSettings;
  /**
   * Patterns in `.gitignore` syntax, relative to the docs folder, of files that are neither
   * listed nor checked, added to those of `.mintignore` (which is always honoured). Default none.
   */
  ignore?: readonly string[];
  /**
   * Read every page and MDX snippet (in the platform's MDX dialect) and check what they point at:
   * syntax, links and anchors, images, snippet imports, components. Default `true`; `false` reads
   * only the frontmatter.
   */
  content?: boolean;
  /**
   * Keep each page's facts in a cache, by the hash of its bytes, so that the next run parses only
   * the pages that changed. Default `true` (when Quire runs from its TypeScript sources, as in its
   * own tests: `false` unless `cacheDir` is given).
   */
  cache?: boolean;
  /** The cache folder, relative to `cwd`. Default `.quire/cache` beside docs.json (and a `.quire/.gitignore` of `*`). */
  cacheDir?: string;
  /** Called when the cache folder cannot be created (a read-only checkout); the load goes on without the cache. */
  onCacheUnavailable?: (dir: string, error: unknown) => void;
  /**
   * Worker threads that parse the pages; 0 parses them in the calling thread. Default: one per
   * core but the caller's, at most one for each 200 pages, none for fewer than 200 pages to parse
   * (a warm run starts none). Each costs memory: about 16 MB idle, 60 to 100 MB parsing.
   */
  workers?: number;
  /**
   * Keep each page's plain text in `content` (`PageFacts.text`, what a search index reads).
   * Default `true`; `false` leaves it `''` (the word count stays): a load that only checks the site,
   * as `quire validate` does, then holds far less (a 25,000-page site's text is 75 MB).
   */
  text?: boolean;
}

/** A site as loaded from disk. */
export interface LoadedSite {
  /** Absolute path of the site folder (the folder of docs.json). */
  root: string;
  /** Absolute path of docs.json. */
  docsJson: string;
  /** The configuration, or `undefined` when docs.json has errors. */
  config: DocsConfig | undefined;
  /**
   * When docs.json has errors: the configuration without the parts that have them, which the
   * rest of the site (navigation, OpenAPI references, redirects) was checked with; see
   * `ParseDocsJsonResult.partialConfig`. `tree` and `pages` then come from it.
   */
  partialConfig?: DocsConfig;
  /** The parts of docs.json left out of `partialConfig`; present with it. */
  omitted?: OmittedPart[];
  /** The resolved navigation, when the configuration is valid (or a partial one was checked), with OpenAPI references expanded. */
  tree: NavigationTree | undefined;
  /** The page model of every generated endpoint and webhook page. */
  endpointPages: EndpointPage[];
  pages: PageIndex | undefined;
  missingPages: MissingPagesSummary[];
  /** Page files (`.md`, `.mdx`) relative to `root`, sorted. */
  files: string[];
  /**
   * Every file of the site relative to `root` (pages, snippets, images, other static files),
   * sorted, without those `.mintignore` and the platform leave out: what links lead to, and what
   * `compileSite` lists as the static files the output uses.
   */
  siteFiles: string[];
  /** Frontmatter of each page, by page path. */
  frontmatter: ReadonlyMap<string, PageFrontmatter>;
  /** docs.json, frontmatter and navigation diagnostics; file names relative to `cwd`. */
  diagnostics: Diagnostic[];
  /** Text of the files the diagnostics refer to, for `formatDiagnostics`. */
  sources: Record<string, string>;
  /** The facts of each page and MDX snippet, by file relative to `root`; empty with `content: false`. */
  content: ReadonlyMap<string, PageFacts>;
}

/**
 * Loads a site: finds docs.json (in `target`, or `target` itself), follows its `$ref`s, lists
 * the page files with fast-glob, reads each page's frontmatter block in parallel, and resolves
 * the navigation with them, so that every page entry carries its label. Never throws for
 * problems in the site: they are diagnostics.
 */
export async function loadSite(target: string, options: LoadSiteOptions = {}): Promise<LoadedSite> {
  const cwd = options.cwd ?? process.cwd();
  const parsed = await loadDocsJson(target, { cwd, strict: options.strict ?? false });
  // Without a docs.json the folder is not a site: its pages (perhaps other projects') are not read.
  if (parsed.diagnostics.some((diagnostic) => diagnostic.code === 'config/not-found')) return notASite(parsed);
  const root = path.dirname(parsed.path);
  const ignored = await loadIgnoredFiles(root, options.ignore);
  const fileName = (file: string) => toPosix(path.relative(cwd, path.join(root, file)));
  const siteFiles = listSiteFiles(root, ignored);
  // Pages are read and parsed while the configuration and OpenAPI documents are.
  const content = options.content === false ? undefined : Promise.all([siteFiles, contentCacheFor(root, cwd, options)]).then(async ([files, cache]) => ({ files, facts: (await readSiteContent(root, files.filter((file) => /\.mdx?$/i.test(file)), { fileName, ...(cache ? { cache } : {}), ...(options.workers === undefined ? {} : { workers: options.workers }), ...(options.text === false ? { text: false } : {}), ...(options.onProgress ? { onProgress: (done: number, total: number) => options.onProgress?.('content', done, total) } : {}) })).facts }));
  const { site, unknownFolders } = await loadParsedSite(parsed, ignored, cwd, options);
  site.siteFiles = await siteFiles;
  if (content) await addContent(site, await content, fileName, unknownFolders);
  return withRules(site, ignored, cwd, withOptInCodes(options.rules ?? {}));
}

/** The result for a folder without docs.json: its one error, and nothing read. */
function notASite(parsed: Awaited<ReturnType<typeof loadDocsJson>>): LoadedSite {
  const root = path.dirname(parsed.path);
  return { root, docsJson: parsed.path, config: undefined, tree: undefined, endpointPages: [], pages: undefined, missingPages: [], files: [], siteFiles: [], frontmatter: new Map(), diagnostics: parsed.diagnostics, sources: parsed.sources, content: new Map() };
}

/**
 * The site with the rule settings applied, and without diagnostics about files the user's
 * ignore patterns leave out (an OpenAPI file named in docs.json is still read, but not checked).
 */
function withRules(site: LoadedSite, ignored: IgnoredFiles, cwd: string, rules: RuleSettings): LoadedSite {
  const inIgnoredFile = (file: string) => !/^[a-z][a-z0-9+.-]*:/i.test(file) && ignored.ignoredByUser(toPosix(path.relative(site.root, path.resolve(cwd, file))));
  const kept = site.diagnostics.filter((diagnostic) => !inIgnoredFile(diagnostic.file));
  // Without a usable docs.json (not even a partial one) nothing else was checked: its errors stay
  // errors whatever the rules say, or a site that cannot be read would pass with "0 errors".
  if (!site.config && !site.partialConfig) return { ...site, diagnostics: kept.flatMap((diagnostic) => (diagnostic.severity === 'error' ? [diagnostic] : applyRules([diagnostic], rules))) };
  const diagnostics = applyRules(explainIgnoredPages(kept, site.root, ignored), rules);
  const missingPages = ruleFor('navigation/missing-page', rules) === 'off' ? [] : site.missingPages;
  return { ...site, diagnostics, missingPages };
}

/**
 * {@link loadSite} before the rules and without the content: the site of a docs.json already
 * read, without the ignored files. `unknownFolders` are where the endpoint pages of OpenAPI
 * documents that were not read (or all, with `openapi: false`) would be generated: links there
 * cannot be checked.
 */
async function loadParsedSite(parsed: Awaited<ReturnType<typeof loadDocsJson>>, ignored: IgnoredFiles, cwd: string, options: LoadSiteOptions): Promise<{ site: LoadedSite; unknownFolders: string[] }> {
  const root = path.dirname(parsed.path);
  const relativeToCwd = (file: string) => toPosix(path.relative(cwd, path.join(root, file)));
  const listed = await listPageFilesAndLinks(root, { ignored });
  const files = listed.files;
  const diagnostics: Diagnostic[] = [...parsed.diagnostics, ...listed.diagnostics.map((diagnostic) => ({ ...diagnostic, file: relativeToCwd(diagnostic.file) }))];
  const sources: Record<string, string> = { ...parsed.sources };
  const frontmatter = new Map<string, PageFrontmatter>();
  const blocksByName = new Map<string, string>();
  const progress = options.onProgress;
  let read = 0;
  const blocks = await mapLimit(files, options.concurrency ?? 64, async (file) => {
    const block = await readFrontmatterBlock(path.join(root, file)).catch(() => '');
    progress?.('pages', ++read, files.length);
    return block;
  });
  files.forEach((file, index) => {
    const block = blocks[index] as string;
    if (block === '') return;
    const name = relativeToCwd(file);
    blocksByName.set(name, block);
    const result = parseFrontmatter(block, name);
    if (result.diagnostics.length) {
      diagnostics.push(...result.diagnostics);
      sources[name] = block;
    }
    if (result.data) frontmatter.set(filePagePath(file), result.data);
    const icon = result.data && checkPageIcon(result.data.icon, name, (parsed.config ?? parsed.partialConfig)?.icons?.library);
    if (icon) {
      diagnostics.push(placeInFrontmatter(icon, block));
      sources[name] = block;
    }
  });
  const site: LoadedSite = { root, docsJson: parsed.path, config: parsed.config, tree: undefined, endpointPages: [], pages: undefined, missingPages: [], files, siteFiles: [], frontmatter, diagnostics, sources, content: new Map() };
  // With errors in docs.json, the rest of the site is checked against what is valid in it, so one run reports everything.
  if (parsed.partialConfig) Object.assign(site, { partialConfig: parsed.partialConfig, omitted: parsed.omitted ?? [] });
  const config = parsed.config ?? parsed.partialConfig;
  if (!config) return { site, unknownFolders: [] };
  const locate = (!parsed.config && parsed.locatePartial) || parsed.locate;
  const resolved = resolveNavigation(config, { files, frontmatter, locate, ...(options.defaultDrilldown === undefined ? {} : { defaultDrilldown: options.defaultDrilldown }) });
  diagnostics.push(...withoutCascades(resolved.diagnostics, parsed.omitted));
  const loaded = { ...site, tree: resolved.tree, pages: resolved.pages, missingPages: resolved.missingPages };
  const redirects = (endpointPages: readonly EndpointPage[], unchecked: readonly string[] = []) => {
    const known = new Set<string>(resolved.pages.byPath.keys());
    for (const file of files) known.add(filePagePath(file));
    for (const page of endpointPages) known.add(page.url.replace(/^\/+/, ''));
    return checkRedirects(withoutUncheckable(config.redirects, unchecked), known, { locate });
  };
  if (options.openapi === false) {
    diagnostics.push(...redirects([]));
    return { site: loaded, unknownFolders: unreadDirectories(resolved.tree.root, new Set(collectSources(resolved.tree.root))) };
  }

  // The OpenAPI documents in effect anywhere, read once each (repository paths or URLs).
  const names = new Map<string, string>();
  const specSources = [...collectSources(resolved.tree.root)];
  const needs = frontmatterDocumentNeeds(frontmatter, (page) => resolved.pages.byPath.get(page)?.openapi.length ?? 0);
  for (const source of needs.urls) if (!specSources.includes(source)) specSources.push(source);
  // Like the platform, frontmatter finds its document among the OpenAPI files of the repository
  // (by path from the root or by file name), and a page that names none and has none in effect
  // is checked against all of them.
  const sameFile = (source: string) => source.replace(/^\.?\/+/, '');
  if (needs.repositoryFiles) for (const source of await discoverOpenApiFiles(root, ignored)) if (!specSources.some((known) => sameFile(known) === source)) specSources.push(source);
  const pageFiles = new Map(files.map((file) => [filePagePath(file), relativeToCwd(file)]));
  const place = openApiSourcePlaces({ config, locate, root: resolved.tree.root, frontmatter, pageFiles, blocks: blocksByName, fileName: relativeToCwd });
  const documents = await readOpenApiDocuments(specSources, {
    root,
    offline: options.offline ?? false,
    place,
    uses: describeUses(resolved.tree.root),
    onRead: (done, total) => progress?.('openapi', done, total),
    ...(options.openapiTimeoutMs === undefined ? {} : { timeoutMs: options.openapiTimeoutMs }),
  });
  const texts = documents.texts;
  for (const diagnostic of documents.diagnostics) {
    diagnostics.push(diagnostic);
    const block = blocksByName.get(diagnostic.file);
    if (block !== undefined) sources[diagnostic.file] = block;
  }
  for (const source of specSources) names.set(source, /^[a-z][a-z0-9+.-]*:/i.test(source) ? source : relativeToCwd(source.replace(/^\/+/, '')));
  const playground = config.api?.playground?.display as PlaygroundMode | undefined;
  progress?.('endpoints', 0, texts.size);
  const codeSamples = config.api?.examples;
  // The frontmatter of every page, for the pages the navigation does not list (snippets and the 404 page are no pages).
  const pageFrontmatter = new Map([...frontmatter].filter(([page]) => page !== '404' && !inSnippetFolder(page)));
  const expanded = expandOpenApiEndpoints(resolved.tree, texts, { locate, pageFiles, unread: documents.unread, frontmatter: pageFrontmatter, ...(playground ? { playground } : {}), ...(codeSamples ? { codeSamples } : {}) });
  for (const diagnostic of expanded.diagnostics) {
    const block = blocksByName.get(diagnostic.file);
    if (block !== undefined && diagnostic.line === undefined) {
      diagnostics.push(placeInFrontmatter(diagnostic, block));
      sources[diagnostic.file] = block;
      continue;
    }
    const name = names.get(diagnostic.file);
    if (name !== undefined) {
      if (!(name in sources)) sources[name] = texts.get(diagnostic.file) ?? '';
      diagnostics.push({ ...diagnostic, file: name });
    } else diagnostics.push(diagnostic);
  }
  const unknownFolders = unreadDirectories(resolved.tree.root, documents.unread);
  diagnostics.push(...redirects(expanded.pages, unknownFolders));
  return { site: { ...loaded, tree: expanded.tree, endpointPages: expanded.pages, diagnostics: inDocumentOrder(diagnostics) }, unknownFolders };
}

/**
 * Adds the content's diagnostics to a loaded site: each page's own (syntax, components; its
 * frontmatter was reported already), and what its links and imports lead to, resolved against
 * the site's files, navigation, generated endpoint pages and redirects.
 */
async function addContent(site: LoadedSite, content: { files: string[]; facts: Map<string, PageFacts> }, fileName: (file: string) => string, unknownFolders: readonly string[]): Promise<void> {
  const routes = [...(site.pages?.byPath.keys() ?? []), ...site.endpointPages.map((page) => page.url)];
  const config = site.config ?? site.partialConfig;
  const redirects = config?.redirects;
  const prefixes = navigationPrefixes(config?.navigation);
  const contentSite: ContentSite = { pages: content.facts, files: content.files, routes, prefixes, ...(redirects ? { redirects } : {}), unknownFolders, fileName };
  const found: Diagnostic[] = [];
  for (const facts of content.facts.values()) found.push(...facts.diagnostics.filter((diagnostic) => !diagnostic.code.startsWith('frontmatter/')));
  const byName = new Map([...content.facts.keys()].map((file) => [fileName(file), file]));
  // The platform publishes every page file, but one that no navigation entry lists and no page
  // leads to (by a link or an import) is reached by its URL alone: repositories keep notes,
  // drafts and agents' instructions beside their pages (RELEASING.md, AGENTS.md, TBD/...). What
  // such a file points at and renders is one warning for the file; a problem of the whole page
  // (it does not parse) is a warning; an import cycle stays an error (no page in it can be built).
  const entries = navigationEntries(site);
  const checks = checkContentReaching(contentSite, entries ? [...content.facts.keys()].filter((file) => entries.has(filePagePath(file)) || entries.has(filePagePath(file).replace(/\/index$/, ''))) : []);
  found.push(...checks.diagnostics);
  const reached = entries ? checks.reached : undefined;
  const unreached = (diagnostic: Diagnostic): string | undefined => {
    const file = byName.get(diagnostic.file);
    return reached !== undefined && file !== undefined && !reached.has(file) && diagnostic.code.startsWith('content/') && diagnostic.code !== 'content/import-cycle' ? file : undefined;
  };
  const checked: Diagnostic[] = [];
  const folded = new Map<string, Diagnostic[]>();
  for (const diagnostic of found) {
    const file = unreached(diagnostic);
    if (file === undefined) checked.push(diagnostic);
    else if (foldedIntoUnreachedPage(diagnostic)) {
      const problems = folded.get(file);
      if (problems) problems.push(diagnostic);
      else folded.set(file, [diagnostic]);
    }
    else checked.push(diagnostic.severity === 'error' ? onlyByUrlWarning(diagnostic) : diagnostic);
  }
  if (folded.size > 0) {
    const snippets = snippetFiles(content.facts, content.facts.keys());
    for (const [file, problems] of folded) checked.push(unreachedPageWarning(problems, snippets.has(file)));
  }
  // Code frames need the whole page, not only its frontmatter block.
  for (const name of new Set(checked.map((diagnostic) => diagnostic.file))) {
    const file = byName.get(name);
    if (file !== undefined) site.sources[name] = await readFile(path.join(site.root, file), 'utf8').catch(() => site.sources[name] ?? '');
  }
  site.diagnostics = inDocumentOrder([...site.diagnostics, ...checked]);
  site.content = content.facts;
  markOwnRequestExamples(site.endpointPages, content.facts);
}

/** The language codes and version names anywhere in the navigation. */
function navigationPrefixes(navigation: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if ((key === 'language' || key === 'version') && typeof item === 'string') found.add(item);
        else visit(item);
      }
    }
  };
  visit(navigation);
  return found;
}

/**
 * Page paths the site itself leads readers to: the root page (`index`), the navigation's pages,
 * group roots, and every internal `href`, `root` or redirect `destination` of docs.json (navbar,
 * footer, anchors, ...).
 * `undefined` when every page is reached: no navigation, or `seo.indexing: all` (search then
 * finds hidden pages too).
 */
function navigationEntries(site: LoadedSite): Set<string> | undefined {
  const config = site.config ?? site.partialConfig;
  if (!site.pages || (config?.seo as { indexing?: unknown } | undefined)?.indexing === 'all') return undefined;
  // `index` is the page at the site's root URL, the one address every reader knows.
  const entries = new Set(['index', ...site.pages.byPath.keys()]);
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if ((key === 'href' || key === 'root' || key === 'destination') && typeof item === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(item)) entries.add(item.replace(/[?#].*$/s, '').replace(/^\/+|\/+$/g, ''));
        else visit(item);
      }
    }
  };
  visit(config);
  return entries;
}

/** A problem of a whole page that only its URL leads to (it does not parse, ...), as a warning that says why. */
function onlyByUrlWarning(diagnostic: Diagnostic): Diagnostic {
  const where = 'The page is in no navigation, and no page a reader reaches links to it or imports it';
  const why = diagnostic.code === 'content/syntax' ? `${where}; the platform publishes a parsing-error notice in its place.` : `${where}: only its URL leads there.`;
  const ignore = 'If the file is a note for the repository rather than a page, list it in .mintignore: the platform then leaves it out of the site.';
  return { ...diagnostic, severity: 'warning', message: `${diagnostic.message} ${why}`, hint: diagnostic.hint ? `${diagnostic.hint} ${ignore}` : ignore };
}

/**
 * The navigation's diagnostics less those that only follow from a part left out of a partial
 * configuration: with the `openapi` setting that endpoint entries inherit left out (it has an
 * error, already reported), each entry would otherwise also be "without a document".
 */
function withoutCascades(diagnostics: readonly Diagnostic[], omitted: readonly OmittedPart[] | undefined): Diagnostic[] {
  const documentLeftOut = omitted?.some((part) => part.kind === 'setting' && (part.pointer === '/api' || /(^|\/)openapi(\/|$)/.test(part.pointer)));
  return documentLeftOut ? diagnostics.filter((diagnostic) => diagnostic.code !== 'navigation/endpoint-without-openapi') : [...diagnostics];
}

/** JSON and YAML files of the repository whose first bytes declare `openapi`. */
export async function discoverOpenApiFiles(root: string, ignored?: IgnoredFiles): Promise<string[]> {
  const found = await fastGlob(['**/*.{json,yaml,yml}'], { cwd: root, ignore: ['**/node_modules/**', '**/.git/**', 'docs.json', '**/package.json', '**/package-lock.json', '**/tsconfig*.json'], followSymbolicLinks: false });
  // Like the platform, files .mintignore leaves out are not looked at.
  const candidates = ignored ? found.filter((file) => !ignored.ignores(file)) : found;
  const declares = await mapLimit(candidates, 32, async (file) => {
    const head = (await readHead(path.join(root, file))) ?? '';
    if (/(?:^|[\s{,])["']?openapi["']?\s*:\s*["']?3\./m.test(head)) return true;
    // The platform takes any file whose top level has `openapi`, wherever the key is: a file may
    // list `components` first (teamhanko's openapi-authenticator.yaml, 0xsequence's builder-api.json).
    // In YAML only an unindented key counts.
    if (Buffer.byteLength(head) < 2048) return false; // the whole file was read (a count of bytes: accents take two)
    const text = await readFile(path.join(root, file), 'utf8').catch(() => '');
    return /\.json$/i.test(file) ? /"openapi"\s*:\s*"3\./.test(text) : /^["']?openapi["']?[ \t]*:[ \t]*["']?3\./m.test(text);
  });
  return candidates.filter((_, index) => declares[index]).sort();
}

/** The first 2 KiB of a file, or undefined when it cannot be read. */
async function readHead(file: string): Promise<string | undefined> {
  try {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(2048);
      const { bytesRead } = await handle.read(buffer, 0, 2048, 0);
      return buffer.toString('utf8', 0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
