import { existsSync, readFileSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastGlob from 'fast-glob';
import { MAX_PAGE_BYTES, oversizedPage, readPageContent } from '../content/page-bytes.js';
import type { PageParsers } from '../content/parse-page.js';
import type { PageFacts } from '../content/read-page.js';
import type { ParsedFrontmatter } from '../frontmatter/frontmatter.js';
import { inDocumentOrder, type Diagnostic } from '../diagnostics/diagnostic.js';
import { applyRules, withOptInCodes } from '../rules/apply-rules.js';
import { createCompiler, type Compiler } from '../site/compiler.js';
import type { OpenApiRead } from '../site/openapi-documents.js';
import type { CompilePass, SiteChange, FileContent, PageFactsCache, Site, SiteCompilation, SiteSummary, SiteUpdate, WantedInputs } from '../site/types.js';
import type { RuleSettings } from '../rules/apply-rules.js';
import {
  addCachedFacts,
  addCachedFrontmatter,
  contentCacheFor,
  contentKey,
  frontmatterKey,
  readCachedFacts,
  readCachedFrontmatter,
  saveContentCache,
  type ContentCache,
} from './content-cache.js';
import { loadIgnoredFiles, type IgnoredFiles } from './ignore-files.js';
import { contentHasher, InputRecorder, type InputRecord } from './input-record.js';
import { loadDocsJson } from './load-docs-json.js';
import { nodePageParsers } from './native-parser.js';
import { isDirectory, isFile, toPosix } from './paths.js';
import { readFrontmatterBlock } from './read-frontmatter.js';
import { readOpenApiSource, type ReadOpenApiSourceResult } from './read-spec.js';
import { walkSiteFiles } from './site-files.js';

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
   * @deprecated No effect: pages are parsed in the calling thread by satteri (cold `quire validate`
   * on firecrawl-docs took 19.5-28.8 s with worker threads and 21 s without, on a loaded machine).
   */
  workers?: number;
  /**
   * Keep each page's plain text in `content` (`PageFacts.text`, what a search index reads).
   * Default `true`; `false` leaves it `''` (the word count stays): a load that only checks the site,
   * as `quire validate` does, then holds far less (a 25,000-page site's text is 75 MB).
   */
  text?: boolean;
  /**
   * Pages (and MDX snippets) larger than this many bytes are not parsed: each gets one
   * `content/too-large` warning. Default `MAX_PAGE_BYTES` (2 MiB); see `CompileSiteOptions`.
   */
  maxPageBytes?: number;
}

/** Options of {@link openSite}: those of {@link loadSite}, and whether to record what it reads. */
export interface OpenSiteOptions extends LoadSiteOptions {
  /**
   * Record what the first compilation read, as `OpenedSite.inputs` (a hash of every file given to
   * the compiler). Default `false`: `inputs` is then `undefined`, and nothing is recorded.
   */
  recordInputs?: boolean;
  /**
   * Called, and awaited, with the site compiled without its pages' content (the navigation, the
   * frontmatter, the endpoint pages: see `CompilePass`), before the content is read and checked,
   * which is most of a load's time. `quire dev` serves its first page from it. Only with `content`.
   */
  onOutline?: (site: LoadedSite) => void | Promise<void>;
}

/** A site as loaded from disk: the compiled site (see `Site`), where it is, and its diagnostics. */
export interface LoadedSite extends Site {
  /** Absolute path of the site folder (the folder of docs.json). */
  root: string;
  /** Absolute path of docs.json. */
  docsJson: string;
  /** Every diagnostic after the rules, in document order; file names relative to `cwd`. */
  diagnostics: Diagnostic[];
  /** Text of the files the diagnostics refer to, for `formatDiagnostics`. */
  sources: Record<string, string>;
  /** The numbers `quire validate` prints (of `diagnostics` as compiled). */
  summary: SiteSummary;
}

/**
 * Loads a site: finds docs.json (in `target`, or `target` itself), lists the site's files, reads
 * docs.json, the pages and what the site names (`$ref`s, OpenAPI documents, by path or URL), and
 * compiles them with the core's compiler (`createCompiler`). Never throws for problems in the
 * site: they are diagnostics.
 */
export async function loadSite(target: string, options: LoadSiteOptions = {}): Promise<LoadedSite> {
  return (await openSite(target, options)).site;
}

/** A site loaded with its compiler, for callers that go on updating it (`quire validate --watch`). */
export interface OpenedSite {
  site: LoadedSite;
  /** The compiler the site was compiled with; undefined for a folder without docs.json. */
  compiler: Compiler | undefined;
  /**
   * Reads the files given (relative to the site folder: changed, added or deleted) and what the
   * site then names anew, and updates the compiler with them.
   */
  update(files: Iterable<string>): Promise<{ site: LoadedSite; update: SiteUpdate } | undefined>;
  /**
   * With `recordInputs`, what the first compilation read (the files listed, a hash of each content
   * the compiler was given), when every input came from the site's folder and could be read;
   * `undefined` when an OpenAPI document came from the network, a file could not be read, or a
   * symbolic link left the site, and without `recordInputs`. `quire validate` keeps its report
   * with it, to print it again while nothing changed.
   */
  inputs: InputRecord | undefined;
}

/** {@link loadSite}, keeping the compiler for updates. */
export async function openSite(target: string, options: OpenSiteOptions = {}): Promise<OpenedSite> {
  const cwd = options.cwd ?? process.cwd();
  const absolute = path.resolve(cwd, target);
  const docsJson = isDirectory(absolute) ? path.join(absolute, 'docs.json') : absolute;
  if (!isFile(docsJson)) {
    const parsed = await loadDocsJson(target, { cwd, strict: options.strict ?? false });
    const root = path.dirname(parsed.path);
    const site: LoadedSite = {
      root,
      docsJson: parsed.path,
      config: undefined,
      tree: undefined,
      endpointPages: [],
      pages: undefined,
      missingPages: [],
      files: [],
      siteFiles: [],
      frontmatter: new Map(),
      diagnostics: parsed.diagnostics,
      sources: parsed.sources,
      content: new Map(),
      summary: { errors: parsed.diagnostics.length, warnings: 0, pages: 0, files: 0, navigation: undefined, unlistedPages: [] },
    };
    return { site, compiler: undefined, update: async () => undefined, inputs: undefined };
  }
  const root = path.dirname(docsJson);
  const fileName = (file: string) => toPosix(path.relative(cwd, path.join(root, file)));
  const progress = options.onProgress;
  const content = options.content !== false;
  const [walk, ignored, diskCache] = await Promise.all([
    walkSiteFiles(root),
    loadIgnoredFiles(root, options.ignore),
    content ? contentCacheFor(root, cwd, options) : undefined,
  ]);
  const files = walk.files;
  // Symbolic links that lead outside the site or loop: found by the adapter, which follows links.
  const linkWarnings = applyRules(
    walk.diagnostics.filter((diagnostic) => !ignored.ignores(diagnostic.file)).map((diagnostic) => ({ ...diagnostic, file: fileName(diagnostic.file) })),
    withOptInCodes(options.rules ?? {}),
  );
  // The record and the cache's keys take the hash of the same page bytes: each page is hashed once.
  const hash = contentHasher();
  const recorder = options.recordInputs ? new InputRecorder(files, hash) : undefined;
  // A link that leaves the site or loops is warned about from the walk, which a record does not replay.
  if (recorder && walk.diagnostics.length > 0) recorder.complete = false;
  const reader = new SiteReader(root, ignored, content, options, recorder);
  const texts = await reader.read(files, (done, total) => progress?.('pages', done, total));
  const parsers = nodePageParsers();
  const cache = new FactsAhead(diskCache ? pageFactsCache(diskCache, fileName, hash) : undefined);
  const compiler = createCompiler(
    {
      docsJson: path.basename(docsJson),
      fileName,
      strict: options.strict ?? false,
      ...(options.defaultDrilldown === undefined ? {} : { defaultDrilldown: options.defaultDrilldown }),
      openapi: options.openapi !== false,
      offline: options.offline ?? false,
      content,
      text: options.text !== false,
      ...(options.maxPageBytes === undefined ? {} : { maxPageBytes: options.maxPageBytes }),
      rules: options.rules ?? {},
      ignore: options.ignore ?? [],
      ...(parsers ? { parsers } : {}),
      cache,
      ...(progress ? { onProgress: (_stage: 'content', done: number, total: number) => progress('content', done, total) } : {}),
    },
    { files, texts },
  );
  const complete = async (first: SiteCompilation | SiteUpdate, pass: CompilePass = {}): Promise<SiteCompilation | SiteUpdate> => {
    let result = first;
    // Each round reads what the last one named: `$ref`s of `$ref`s, the documents pages name.
    for (let round = 0; round < 8 && wants(result.wanted); round++) {
      progress?.('endpoints', 0, result.wanted.urls.length);
      const { changes, more } = await reader.readWanted(result.wanted, (done, total) => progress?.('openapi', done, total));
      result = compiler.update(changes, more, pass);
    }
    if (diskCache && pass.content !== false) saveContentCache(diskCache);
    return result;
  };
  const loaded = (result: SiteCompilation): LoadedSite => {
    const diagnostics = linkWarnings.length ? inDocumentOrder([...linkWarnings, ...result.diagnostics]) : result.diagnostics;
    const summary = linkWarnings.length ? { ...result.summary, warnings: result.summary.warnings + linkWarnings.length } : result.summary;
    return { root, docsJson, ...result.site, diagnostics, sources: result.sources, summary };
  };
  // The navigation first, with the documents it names read: the compile with the content then
  // wants nothing more, and checks every page once (it checked them twice, the second time with
  // the endpoint pages, on a site with OpenAPI documents).
  if (content) {
    const outline = await complete(compiler.compile({ content: false }), { content: false });
    await options.onOutline?.(loaded(outline));
  }
  // After createCompiler, which checks the options (maxPageBytes) before any page is read.
  if (content)
    await cache.read(texts, { fileName, maxBytes: options.maxPageBytes ?? MAX_PAGE_BYTES, parsers }, (done, total) => progress?.('content', done, total));
  const site = loaded(await complete(compiler.compile()));
  // Only the first compilation is recorded.
  reader.recorder = undefined;
  let known = new Set(files);
  return {
    site,
    compiler,
    inputs: recorder?.record(),
    async update(changed) {
      const paths = new Set([...changed].map(toPosix));
      // A folder created, moved or deleted: the files under it are found by listing the site again.
      if ([...paths].some((file) => !isFile(path.join(root, file)) && !known.has(file))) {
        const now = (await walkSiteFiles(root)).files;
        const listed = new Set(now);
        for (const file of now) if (!known.has(file)) paths.add(file);
        for (const file of known) if (!listed.has(file)) paths.add(file);
        known = listed;
      } else {
        for (const file of paths) {
          if (isFile(path.join(root, file))) known.add(file);
          else known.delete(file);
        }
      }
      const changes = await reader.readChanges(paths);
      const update = (await complete(compiler.update(changes))) as SiteUpdate;
      return { site: loaded(update), update };
    },
  };
}

/** Whether a compilation needs more inputs. */
function wants(wanted: WantedInputs): boolean {
  return wanted.files.length > 0 || wanted.urls.length > 0 || wanted.openApiFiles;
}

/** The content cache on disk as the compiler asks for it: by `hash` of each page's bytes (a page that could not be read has none). */
function pageFactsCache(cache: ContentCache, fileName: (file: string) => string, hash: (content: FileContent) => string | undefined): PageFactsCache {
  const keyOf = (content: FileContent): string | undefined => {
    const pageHash = hash(content);
    return pageHash === undefined ? undefined : contentKey(pageHash);
  };
  return {
    get: (file, content) => {
      const key = keyOf(content);
      return key === undefined ? undefined : readCachedFacts(cache, key, fileName(file));
    },
    set: (file, content, facts) => {
      const key = keyOf(content);
      if (key !== undefined) addCachedFacts(cache, key, facts, fileName(file));
    },
    getFrontmatter: (file, block) => readCachedFrontmatter(cache, frontmatterKey(block), fileName(file)),
    setFrontmatter: (file, block, parsed) => addCachedFrontmatter(cache, frontmatterKey(block), parsed, fileName(file)),
  };
}

/** Pages read between two turns of the event loop by {@link FactsAhead}. */
const PAGES_PER_TURN = 8;

/**
 * The facts of the pages read before the compile, a few pages at a time with a turn of the event
 * loop between, as a cache the compile takes each page's facts from once. satteri hands each
 * page's tree to JavaScript in a buffer that Node frees only when its event loop turns: the
 * compile, which is synchronous, held every page's buffer until it ended (40 MB more peak memory
 * on firecrawl-docs's 5,528 pages: 241 MB, now 202 MB). What the compile does not find here (a
 * page changed since) it reads itself, from `cache` or by parsing, as it always does.
 */
class FactsAhead implements PageFactsCache {
  private readonly ahead = new Map<string, { content: FileContent; facts: PageFacts }>();

  constructor(private readonly cache: PageFactsCache | undefined) {}

  /** Reads the pages among `texts`, as the compiler reads them: the size first, then the cache, else the parse. */
  async read(
    texts: ReadonlyMap<string, FileContent>,
    options: { fileName: (file: string) => string; maxBytes: number; parsers: PageParsers | undefined },
    onProgress: (done: number, total: number) => void,
  ): Promise<void> {
    const { fileName, maxBytes, parsers } = options;
    const pages = [...texts].filter(([file, content]) => /\.mdx?$/i.test(file) && !(typeof content === 'object' && 'unreadable' in content));
    let done = 0;
    for (const [file, content] of pages) {
      if (++done % PAGES_PER_TURN === 0) {
        onProgress(done, pages.length);
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (oversizedPage(content, fileName(file), maxBytes)) continue;
      let facts = this.cache?.get(file, content);
      if (!facts) {
        facts = readPageContent(content, fileName(file), parsers, maxBytes);
        this.cache?.set(file, content, facts);
      }
      this.ahead.set(file, { content, facts });
    }
  }

  get(file: string, content: FileContent): PageFacts | undefined {
    const read = this.ahead.get(file);
    // Taken once: later compilations read changed pages themselves, and this holds nothing for them.
    this.ahead.delete(file);
    return read?.content === content ? read.facts : this.cache?.get(file, content);
  }

  set(file: string, content: FileContent, facts: PageFacts): void {
    this.cache?.set(file, content, facts);
  }

  getFrontmatter(file: string, block: string): ParsedFrontmatter | undefined {
    return this.cache?.getFrontmatter?.(file, block);
  }

  setFrontmatter(file: string, block: string, parsed: ParsedFrontmatter): void {
    this.cache?.setFrontmatter?.(file, block, parsed);
  }
}

/** Reads what the compiler is given from the disk: pages, docs.json, what the site names. */
class SiteReader {
  constructor(
    private readonly root: string,
    private readonly ignored: IgnoredFiles,
    private readonly content: boolean,
    private readonly options: LoadSiteOptions,
    /** Notes what is read, while it is set. */
    public recorder?: InputRecorder,
  ) {}

  /** Whether the compiler reads a file's content up front: docs.json, .mintignore, the pages. */
  private readsUpFront(file: string): boolean {
    if (file === '.mintignore' || file === 'docs.json') return true;
    if (!/\.mdx?$/i.test(file) || this.ignored.ignores(file)) return false;
    // Without the content, only the frontmatter of the pages the navigation sees.
    return this.content || (/\.mdx?$/.test(file) && !/(^|\/)\./.test(file));
  }

  /** The content of one file: the bytes of a page, the frontmatter block without the content; undefined when it cannot be read. */
  private async readOne(file: string): Promise<FileContent | undefined> {
    const absolute = path.join(this.root, file);
    try {
      if (/\.mdx?$/i.test(file) && !this.content) return await readFrontmatterBlock(absolute);
      if (/\.mdx?$/i.test(file)) return readFileSync(absolute);
      return await readFile(absolute, 'utf8');
    } catch (error) {
      // A page that cannot be read is a diagnostic of the page; any other file is as if absent.
      return /\.mdx?$/i.test(file) && this.content ? unreadablePageText(error) : undefined;
    }
  }

  /** The contents of the files read up front. */
  async read(files: readonly string[], onProgress: (done: number, total: number) => void): Promise<Map<string, FileContent>> {
    const wanted = files.filter((file) => this.readsUpFront(file));
    const texts = new Map<string, FileContent>();
    let done = 0;
    const read = await mapLimit(wanted, this.options.concurrency ?? 64, async (file) => {
      const content = await this.readOne(file);
      onProgress(++done, wanted.length);
      return content;
    });
    wanted.forEach((file, index) => {
      const content = read[index];
      this.recorder?.saw(file, content);
      if (content !== undefined) texts.set(file, content);
    });
    return texts;
  }

  /** The changes of the files given: their new content, or their deletion. */
  async readChanges(files: Iterable<string>): Promise<SiteChange[]> {
    const changes: SiteChange[] = [];
    for (const file of new Set(files)) {
      const absolute = path.join(this.root, file);
      if (!existsSync(absolute)) changes.push({ file, content: null });
      else if (!isFile(absolute)) continue;
      else changes.push({ file, content: this.readsUpFront(file) || /\.(json|ya?ml)$/i.test(file) ? ((await this.readOne(file)) ?? undefined) : undefined });
    }
    return changes;
  }

  /** Reads what a compilation wanted: files of the site (OpenAPI documents checked as such), URLs, the repository's OpenAPI files. */
  async readWanted(
    wanted: WantedInputs,
    onProgress: (done: number, total: number) => void,
  ): Promise<{ changes: SiteChange[]; more: { openapi: Map<string, OpenApiRead>; openApiFiles?: string[] } }> {
    const changes: SiteChange[] = [];
    const openapi = new Map<string, OpenApiRead>();
    const sources = [...wanted.files, ...(this.options.offline ? [] : wanted.urls)];
    let done = 0;
    const reads = await mapLimit(sources, 8, async (source) => {
      const read = /\.mdx?$/i.test(source)
        ? { file: source, text: (await this.readOne(source)) as string | undefined, diagnostics: [] }
        : await readOpenApiSource(source, {
            root: this.root,
            ...(this.options.openapiTimeoutMs === undefined ? {} : { timeoutMs: this.options.openapiTimeoutMs }),
          });
      onProgress(++done, sources.length);
      return read;
    });
    sources.forEach((source, index) => {
      const read = reads[index] as ReadOpenApiSourceResult;
      const isUrl = /^[a-z][a-z0-9+.-]*:/i.test(source) && !/^[a-z]:[\\/]/i.test(source);
      if (!isUrl && read.text !== undefined) {
        this.recorder?.saw(source, read.text);
        changes.push({ file: source, content: read.text });
      } else {
        // Fetched, or not read: a record cannot say whether it would be the same next time.
        if (this.recorder) this.recorder.complete = false;
        openapi.set(source, {
          ...(read.text === undefined ? {} : { text: read.text }),
          diagnostics: read.diagnostics,
          ...(read.unreachable ? { unreachable: true } : {}),
        });
      }
    });
    const openApiFiles = wanted.openApiFiles ? await discoverOpenApiFiles(this.root, this.ignored) : undefined;
    if (openApiFiles) this.recorder?.foundOpenApiFiles(openApiFiles);
    return { changes, more: { openapi, ...(openApiFiles ? { openApiFiles } : {}) } };
  }
}

/** What a page that cannot be read is given as: a text the compiler reports as unreadable. */
function unreadablePageText(error: unknown): FileContent {
  return { unreadable: (error as Error).message };
}

/** JSON and YAML files of the repository whose first bytes declare `openapi`. */
export async function discoverOpenApiFiles(root: string, ignored?: IgnoredFiles): Promise<string[]> {
  const found = await fastGlob(['**/*.{json,yaml,yml}'], {
    cwd: root,
    ignore: ['**/node_modules/**', '**/.git/**', 'docs.json', '**/package.json', '**/package-lock.json', '**/tsconfig*.json'],
    followSymbolicLinks: false,
  });
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
