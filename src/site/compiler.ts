import { checkPageIcon } from '../config/icons/page-icon.js';
import { parseDocsJson, type OmittedPart, type ParseDocsJsonResult } from '../config/parse-docs-json.js';
import type { DocsConfig } from '../config/schemas/docs-config.js';
import { ContentChecks, pageSlugs, type ContentSite, type PageChecks } from '../content/check-content.js';
import { frontmatterBlockOf, MAX_PAGE_BYTES, oversizedPage, readPageContent } from '../content/page-bytes.js';
import type { PageFacts } from '../content/read-page.js';
import { inSnippetFolder, snippetFiles } from '../content/snippets.js';
import { inDocumentOrder, type Diagnostic } from '../diagnostics/diagnostic.js';
import { decodeUtf8 } from '../util/utf8.js';
import { detached } from '../util/detach.js';
import { parseFrontmatter, type PageFrontmatter, type ParsedFrontmatter } from '../frontmatter/frontmatter.js';
import { filePagePath } from '../navigation/classify.js';
import { checkRedirects } from '../navigation/redirects.js';
import { resolveNavigation } from '../navigation/resolve.js';
import type { ResolvedNavigation } from '../navigation/types.js';
import { findUnlistedPages } from '../navigation/unlisted-pages.js';
import { expandOpenApiEndpoints, type ExpandOpenApiResult } from '../openapi/expand-endpoints.js';
import { frontmatterDocumentNeeds } from '../openapi/frontmatter-documents.js';
import { loadOpenApi, type LoadOpenApiResult } from '../openapi/load-openapi.js';
import type { PlaygroundMode } from '../openapi/types.js';
import { applyRules, ruleFor, withOptInCodes, type RuleSettings } from '../rules/apply-rules.js';
import { explainIgnoredPages, ignoredFiles, type IgnoredFiles } from './ignored-files.js';
import { countNavigation } from './navigation-counts.js';
import { collectSources, describeUses, openApiDocuments, unreadDirectories, withoutUncheckable, type OpenApiRead } from './openapi-documents.js';
import { openApiSourcePlaces, placeInFrontmatter } from './openapi-source-places.js';
import { withOwnRequestExamples } from './request-examples.js';
import type { CompilePass, CompileSiteOptions, SiteChange, FileContent, Site, SiteCompilation, SiteInputs, SiteUpdate, WantedInputs } from './types.js';
import { foldedIntoUnreachedPage, unreachedPageWarning } from './unreached-pages.js';

/**
 * Compiles a site from what an adapter gathered (see {@link SiteInputs}): parses docs.json with
 * its `$ref`s, the pages' frontmatter and content, resolves the navigation, expands the OpenAPI
 * references into endpoint pages, checks links, anchors, snippets and redirects, and applies the
 * rule settings. Pure and synchronous: no file is read, nothing is fetched; what was needed and
 * not given is in the result's `wanted`. Never throws for problems of the site: they are
 * diagnostics. Options out of their range (a `maxPageBytes` that is not a whole number from 1)
 * are a `RangeError`.
 */
export function compileSite(inputs: SiteInputs, options: CompileSiteOptions = {}): SiteCompilation {
  return createCompiler(options, inputs).compile();
}

/** A site kept compiled across changes to its files: see {@link createCompiler}. */
export interface Compiler {
  /** The compilation of the files as they are now; see {@link CompilePass} for `pass`. */
  compile(pass?: CompilePass): SiteCompilation;
  /**
   * Applies changes to the files (new content, deletions), and inputs read since (`wanted`), and
   * compiles again, redoing only what depends on what changed. The result equals a cold
   * `compileSite` of the same inputs.
   */
  update(changes: Iterable<SiteChange>, more?: Pick<SiteInputs, 'openapi' | 'openApiFiles'>, pass?: CompilePass): SiteUpdate;
}

/**
 * A compiler that keeps what each file compiled to, for build plugins, editors and `--watch`:
 * `compile()` once, then `update(changes)` as files change. What depends on what: a page's facts
 * on its content; the navigation on docs.json, its `$ref`s, the list of page files and their
 * frontmatter; endpoint pages on those and the OpenAPI documents; the checks of links, anchors
 * and snippets on the facts of every page they lead to.
 */
export function createCompiler(options: CompileSiteOptions = {}, inputs: SiteInputs = { files: [] }): Compiler {
  const { maxPageBytes } = options;
  if (maxPageBytes !== undefined && !(Number.isSafeInteger(maxPageBytes) && maxPageBytes >= 1))
    throw new RangeError(`maxPageBytes must be a whole number of bytes from 1, not ${maxPageBytes}`);
  const state = new CompilerState(options);
  state.take(inputs);
  let last: SiteCompilation | undefined;
  return {
    compile(pass = {}) {
      last = state.compile(pass.content !== false);
      return last;
    },
    update(changes, more = {}, pass = {}) {
      const before = last ?? state.compile(pass.content !== false);
      const changed = state.change(changes);
      state.take({ files: [], ...more });
      const after = state.compile(pass.content !== false);
      last = after;
      const key = (diagnostic: Diagnostic) =>
        `${diagnostic.file}:${diagnostic.line ?? ''}:${diagnostic.column ?? ''} ${diagnostic.severity} ${diagnostic.code} ${diagnostic.message}`;
      const previous = new Set(before.diagnostics.map(key));
      const current = new Set(after.diagnostics.map(key));
      const changedPages = [...changed].filter((file) => /\.mdx?$/i.test(file) && before.site.content.get(file) !== after.site.content.get(file));
      const changedNavigation =
        before.site.tree !== after.site.tree ||
        before.site.endpointPages.length !== after.site.endpointPages.length ||
        before.site.endpointPages.some((page, index) => page !== after.site.endpointPages[index]);
      return {
        ...after,
        added: after.diagnostics.filter((diagnostic) => !previous.has(key(diagnostic))),
        fixed: before.diagnostics.filter((diagnostic) => !current.has(key(diagnostic))),
        changedPages,
        changedNavigation,
      };
    },
  };
}

/** The memo of one step: its result, kept while each of its inputs is the same value. */
class Step<T> {
  private inputs: readonly unknown[] | undefined;
  private value: T | undefined;
  get(inputs: readonly unknown[], run: () => T): T {
    if (this.inputs && this.inputs.length === inputs.length && this.inputs.every((input, index) => input === inputs[index])) return this.value as T;
    this.value = run();
    this.inputs = inputs;
    return this.value;
  }
}

const URL_SOURCE = /^[a-z][a-z0-9+.-]*:/i;

/** The files of the site and what each compiled to, kept between compilations. */
class CompilerState {
  private readonly files = new Set<string>();
  private readonly texts = new Map<string, FileContent>();
  private readonly openapi = new Map<string, OpenApiRead>();
  private openApiFiles: readonly string[] | undefined;
  private readonly fileName: (file: string) => string;
  private readonly docsJsonFile: string;
  private readonly rules: RuleSettings;
  /** Bumped when the list of files changes, so that the steps that read it run again. */
  private filesVersion = 0;
  /** Bumped when an OpenAPI input changes. */
  private openapiVersion = 0;
  private readonly facts = new Map<string, { content: FileContent; facts: PageFacts }>();
  private readonly frontmatterOf = new Map<string, { content: FileContent | undefined; block: string; parsed: ParsedFrontmatter }>();
  private docs: { text: string; refs: Map<string, FileContent | undefined>; result: ParseDocsJsonResult } | undefined;
  private readonly listing = new Step<{
    siteFiles: string[];
    pageFiles: string[];
    contentFiles: string[];
    ignored: IgnoredFiles;
    all: ReadonlySet<string>;
    byName: Map<string, string>;
  }>();
  private readonly frontmatterStep = new Step<{ frontmatter: Map<string, PageFrontmatter>; blocks: Map<string, string>; diagnostics: Diagnostic[] }>();
  private readonly navigationStep = new Step<ResolvedNavigation>();
  private readonly expansionStep = new Step<{
    expanded: ExpandOpenApiResult | undefined;
    documents: ReturnType<typeof openApiDocuments> | undefined;
    sources: string[];
    wanted: WantedInputs;
    diagnostics: Diagnostic[];
    sourcesText: Record<string, string>;
  }>();
  private readonly unlistedStep = new Step<string[]>();
  private readonly redirectsStep = new Step<Diagnostic[]>();
  /** The text of the pages that have diagnostics, decoded once per content (for `sources`). */
  private readonly decoded = new Map<string, { content: FileContent; text: string | undefined }>();
  /** Each OpenAPI document as last loaded, with the text it was loaded from. */
  private readonly loadedOpenApi = new Map<string, { text: string; result: LoadOpenApiResult }>();
  /** The endpoint pages as the expansion made them: the same array while it is kept. */
  private expandedPages: readonly unknown[] = [];
  private readonly contentStep = new Step<{ diagnostics: Diagnostic[]; facts: Map<string, PageFacts>; snippets: ReadonlySet<string> }>();
  private frontmatterKey: object = {};

  constructor(private readonly options: CompileSiteOptions) {
    const given = options.fileName;
    const names = new Map<string, string>();
    // Called for every diagnostic and page of every run: a path's name is worked out once.
    this.fileName = given
      ? (file) => {
          let name = names.get(file);
          if (name === undefined) names.set(file, (name = given(file)));
          return name;
        }
      : (file) => file;
    this.docsJsonFile = options.docsJson ?? 'docs.json';
    this.rules = withOptInCodes(options.rules ?? {});
  }

  /** Adds inputs (initial ones, or those read for `wanted`). */
  take(inputs: SiteInputs): void {
    for (const file of inputs.files) this.addFile(file);
    for (const [file, content] of inputs.texts ?? []) {
      this.addFile(file);
      this.texts.set(file, content);
    }
    for (const [source, read] of inputs.openapi ?? []) {
      this.openapi.set(source, read);
      this.openapiVersion++;
    }
    if (inputs.openApiFiles) {
      this.openApiFiles = [...inputs.openApiFiles].sort();
      this.openapiVersion++;
    }
  }

  /** Applies changes to files; returns the files changed. */
  change(changes: Iterable<SiteChange>): Set<string> {
    const changed = new Set<string>();
    for (const { file, content } of changes) {
      changed.add(file);
      // A failure to read a repository file is stale once the file changes.
      for (const source of [file, `/${file}`, `./${file}`]) if (this.openapi.delete(source)) this.openapiVersion++;
      if (content === null) {
        if (this.files.delete(file)) this.filesVersion++;
        this.texts.delete(file);
        this.decoded.delete(file);
        continue;
      }
      this.addFile(file);
      if (content === undefined) this.texts.delete(file);
      else this.texts.set(file, content);
    }
    if ([...changed].some((file) => this.isOpenApiInput(file))) this.openapiVersion++;
    return changed;
  }

  private addFile(file: string): void {
    if (this.files.has(file)) return;
    this.files.add(file);
    this.filesVersion++;
  }

  /** Whether a file may be an OpenAPI document of the site: its text feeds the expansion. */
  private isOpenApiInput(file: string): boolean {
    return /\.(json|ya?ml)$/i.test(file) && file !== this.docsJsonFile;
  }

  /** `withContent` false: the pages' content is neither read nor checked this time (see `CompilePass`). */
  compile(withContent: boolean): SiteCompilation {
    const name = this.fileName;
    const wanted: WantedInputs = { files: [], urls: [], openApiFiles: false };
    const listing = this.listing.get([this.filesVersion, this.texts.get('.mintignore')], () => this.list());
    const diagnostics: Diagnostic[] = [];
    const sources: Record<string, string> = {};
    const parsed = this.parseDocs(listing, wanted);
    const docsName = name(this.docsJsonFile);
    if (!parsed) {
      const site = emptySite(listing.pageFiles, listing.siteFiles);
      const missing: Diagnostic = {
        code: 'config/not-found',
        severity: 'error',
        message: `${docsName} does not exist.`,
        file: docsName,
        pointer: '',
        hint: 'Run the command in the folder that holds docs.json, or pass that folder.',
      };
      return finish(site, [missing], {}, wanted);
    }
    for (const diagnostic of parsed.diagnostics) diagnostics.push(diagnostic);
    Object.assign(sources, parsed.sources);
    const config = parsed.config ?? parsed.partialConfig;
    const front = this.frontmatterStep.get([listing, this.frontmatterKeyFor(listing), config?.icons?.library], () => this.readFrontmatter(listing, config));
    for (const diagnostic of front.diagnostics) {
      diagnostics.push(diagnostic);
      sources[diagnostic.file] = front.blocks.get(diagnostic.file) ?? '';
    }
    const site: Site = {
      config: parsed.config,
      tree: undefined,
      endpointPages: [],
      pages: undefined,
      missingPages: [],
      files: listing.pageFiles,
      siteFiles: listing.siteFiles,
      frontmatter: front.frontmatter,
      content: new Map(),
    };
    if (parsed.partialConfig) Object.assign(site, { partialConfig: parsed.partialConfig, omitted: parsed.omitted ?? [] });
    if (!config) return this.withRules(site, diagnostics, sources, listing, wanted);
    const locate = (!parsed.config && parsed.locatePartial) || parsed.locate;
    const resolved = this.navigationStep.get([config, listing.pageFiles, front.frontmatter], () =>
      resolveNavigation(config, {
        files: listing.pageFiles,
        frontmatter: front.frontmatter,
        locate,
        ...(this.options.defaultDrilldown === undefined ? {} : { defaultDrilldown: this.options.defaultDrilldown }),
      }),
    );
    for (const diagnostic of withoutCascades(resolved.diagnostics, parsed.omitted)) diagnostics.push(diagnostic);
    Object.assign(site, { tree: resolved.tree, pages: resolved.pages, missingPages: resolved.missingPages });

    const expansion = this.expansionStep.get([resolved, front, this.openapiVersion, this.filesVersion], () =>
      this.expand(config, resolved, front, listing, locate),
    );
    for (const file of expansion.wanted.files) wanted.files.push(file);
    for (const url of expansion.wanted.urls) wanted.urls.push(url);
    wanted.openApiFiles ||= expansion.wanted.openApiFiles;
    for (const diagnostic of expansion.diagnostics) diagnostics.push(diagnostic);
    Object.assign(sources, expansion.sourcesText);
    const endpointPages = expansion.expanded?.pages ?? [];
    this.expandedPages = endpointPages;
    const unknownFolders = expansion.documents
      ? unreadDirectories(resolved.tree.root, expansion.documents.unread)
      : unreadDirectories(resolved.tree.root, new Set(collectSources(resolved.tree.root)));
    if (expansion.expanded) Object.assign(site, { tree: expansion.expanded.tree });
    const redirects = this.redirectsStep.get(
      [resolved.pages, listing.pageFiles, endpointPages, JSON.stringify(config.redirects ?? null), unknownFolders.join('\n')],
      () => {
        const known = new Set<string>(resolved.pages.byPath.keys());
        for (const file of listing.pageFiles) known.add(filePagePath(file));
        for (const page of endpointPages) known.add(page.url.replace(/^\/+/, ''));
        return checkRedirects(withoutUncheckable(config.redirects, unknownFolders), known, { locate });
      },
    );
    for (const diagnostic of redirects) diagnostics.push(diagnostic);
    site.endpointPages = endpointPages.slice();

    if (this.options.content !== false && withContent) {
      const content = this.contentStep.get([site.tree, endpointPages, listing, this.factsKeyFor(listing, wanted), unknownFolders.join('\n')], () =>
        this.checkContent(site, listing, unknownFolders),
      );
      site.content = content.facts;
      site.endpointPages = withOwnRequestExamples(endpointPages, content.facts);
      for (const diagnostic of content.diagnostics) {
        diagnostics.push(diagnostic);
        const file = listing.byName.get(diagnostic.file);
        if (file !== undefined) sources[diagnostic.file] = this.sourceOf(file) ?? sources[diagnostic.file] ?? '';
      }
    }
    return this.withRules(site, diagnostics, sources, listing, wanted);
  }

  /** The text of a file as given (bytes decoded), or `undefined`. */
  private textOf(file: string): string | undefined {
    const content = this.texts.get(file);
    if (content === undefined || typeof content === 'string') return content;
    return 'unreadable' in content ? undefined : decodeUtf8(content);
  }

  /** {@link textOf}, kept while the file's content is the same: a page with diagnostics is decoded for them once. */
  private sourceOf(file: string): string | undefined {
    const content = this.texts.get(file);
    const known = this.decoded.get(file);
    if (content !== undefined && known?.content === content) return known.text;
    const text = this.textOf(file);
    if (content !== undefined) this.decoded.set(file, { content, text });
    return text;
  }

  /** The site's files, which of them are pages and which are read as content. */
  private list() {
    const all = [...this.files].sort();
    const ignored = ignoredFiles(this.textOf('.mintignore') ?? '', this.options.ignore);
    const siteFiles = all.filter((file) => !ignored.ignores(file) && !/^\.quire\//.test(file));
    // Page files as the navigation sees them: hidden files and folders are no pages.
    const pageFiles = siteFiles.filter((file) => /\.mdx?$/.test(file) && !/(^|\/)\./.test(file));
    const contentFiles = siteFiles.filter((file) => /\.mdx?$/i.test(file));
    const byName = new Map<string, string>();
    for (const file of all) byName.set(this.fileName(file), file);
    return { siteFiles, pageFiles, contentFiles, ignored, all: new Set(all), byName };
  }

  /** docs.json with its `$ref`s, parsed again only when one of their texts changed; `undefined` when there is none. */
  private parseDocs(listing: { all: ReadonlySet<string>; byName: Map<string, string> }, wanted: WantedInputs): ParseDocsJsonResult | undefined {
    const text = this.textOf(this.docsJsonFile);
    if (text === undefined) {
      if (listing.all.has(this.docsJsonFile)) wanted.files.push(this.docsJsonFile);
      return undefined;
    }
    const docs = this.docs;
    if (
      docs &&
      docs.text === text &&
      [...docs.refs].every(([file, content]) => this.texts.get(file) === content && (content !== undefined || !listing.all.has(file)))
    ) {
      for (const [file, content] of docs.refs) if (content === undefined && listing.all.has(file)) wanted.files.push(file);
      return docs.result;
    }
    const refs = new Map<string, FileContent | undefined>();
    const readFile = (target: string): string | undefined => {
      const file = listing.byName.get(target.replace(/^\.\//, '')) ?? target;
      refs.set(file, this.texts.get(file));
      if (!this.texts.has(file) && listing.all.has(file)) wanted.files.push(file);
      return this.textOf(file);
    };
    const result = parseDocsJson(text, { file: this.fileName(this.docsJsonFile), readFile, strict: this.options.strict ?? false });
    this.docs = { text, refs, result };
    return result;
  }

  /** An object that stays the same while no page's frontmatter block changed. */
  private frontmatterKeyFor(listing: { pageFiles: string[] }): object {
    let changed = false;
    for (const file of listing.pageFiles) {
      const content = this.texts.get(file);
      const known = this.frontmatterOf.get(file);
      if (known && known.content === content) continue;
      const block = detached(frontmatterBlockOf(this.textOf(file) ?? ''));
      this.frontmatterOf.set(file, { content, block, parsed: known && known.block === block ? known.parsed : this.parseFrontmatterOf(file, block) });
      if (!known || known.block !== block) changed = true;
    }
    if (this.frontmatterOf.size > listing.pageFiles.length) {
      const pages = new Set(listing.pageFiles);
      for (const file of this.frontmatterOf.keys()) if (!pages.has(file)) this.frontmatterOf.delete(file);
    }
    if (changed) this.frontmatterKey = {};
    return this.frontmatterKey;
  }

  /** `parseFrontmatter` of a page's block, from the cache when it has it. */
  private parseFrontmatterOf(file: string, block: string): ParsedFrontmatter {
    // Most pages' blocks are short; none at all is nothing to look up.
    const cache = block === '' ? undefined : this.options.cache;
    const cached = cache?.getFrontmatter?.(file, block);
    if (cached) return cached;
    const parsed = parseFrontmatter(block, this.fileName(file));
    cache?.setFrontmatter?.(file, block, parsed);
    return parsed;
  }

  /** The pages' frontmatter by page path, with the problems of each block. */
  private readFrontmatter(listing: { pageFiles: string[] }, config: DocsConfig | undefined) {
    const frontmatter = new Map<string, PageFrontmatter>();
    const blocks = new Map<string, string>();
    const diagnostics: Diagnostic[] = [];
    for (const file of listing.pageFiles) {
      const known = this.frontmatterOf.get(file);
      if (!known || known.block === '') continue;
      const fileName = this.fileName(file);
      blocks.set(fileName, known.block);
      for (const diagnostic of known.parsed.diagnostics) diagnostics.push(diagnostic);
      if (known.parsed.data) frontmatter.set(filePagePath(file), known.parsed.data);
      const icon = known.parsed.data && checkPageIcon(known.parsed.data.icon, fileName, config?.icons?.library);
      if (icon) diagnostics.push(placeInFrontmatter(icon, known.block));
    }
    return { frontmatter, blocks, diagnostics };
  }

  /** The OpenAPI documents the site names, read from the inputs, and the endpoint pages they make. */
  private expand(
    config: DocsConfig,
    resolved: ResolvedNavigation,
    front: { frontmatter: Map<string, PageFrontmatter>; blocks: Map<string, string> },
    listing: { pageFiles: string[]; all: ReadonlySet<string> },
    locate: ParseDocsJsonResult['locate'],
  ) {
    const wanted: WantedInputs = { files: [], urls: [], openApiFiles: false };
    const diagnostics: Diagnostic[] = [];
    const sourcesText: Record<string, string> = {};
    if (this.options.openapi === false) return { expanded: undefined, documents: undefined, sources: [], wanted, diagnostics, sourcesText };
    const specSources = [...collectSources(resolved.tree.root)];
    const needs = frontmatterDocumentNeeds(front.frontmatter, (page) => resolved.pages.byPath.get(page)?.openapi.length ?? 0);
    for (const source of needs.urls) if (!specSources.includes(source)) specSources.push(source);
    // Like the platform, frontmatter finds its document among the OpenAPI files of the repository
    // (by path from the root or by file name), and a page that names none and has none in effect
    // is checked against all of them.
    const sameFile = (source: string) => source.replace(/^\.?\/+/, '');
    if (needs.repositoryFiles) {
      if (this.openApiFiles === undefined) wanted.openApiFiles = true;
      for (const source of this.openApiFiles ?? []) if (!specSources.some((known) => sameFile(known) === source)) specSources.push(source);
    }
    const pageFiles = new Map(listing.pageFiles.map((file) => [filePagePath(file), this.fileName(file)]));
    const place = openApiSourcePlaces({
      config,
      locate,
      root: resolved.tree.root,
      frontmatter: front.frontmatter,
      pageFiles,
      blocks: front.blocks,
      fileName: this.fileName,
    });
    const reads = {
      get: (source: string): OpenApiRead | undefined => {
        const failed = this.openapi.get(source);
        if (failed) return failed;
        if (URL_SOURCE.test(source) && !/^[a-z]:[\\/]/i.test(source)) {
          if (!this.options.offline) wanted.urls.push(source);
          return undefined;
        }
        const file = sameFile(source);
        const text = this.textOf(file);
        if (text !== undefined) return { text, diagnostics: [] };
        if (listing.all.has(file)) wanted.files.push(file);
        else return { diagnostics: [openApiNotFound(source, file)] };
        return undefined;
      },
    };
    const documents = openApiDocuments(specSources, reads, { offline: this.options.offline ?? false, place, uses: describeUses(resolved.tree.root) });
    for (const diagnostic of documents.diagnostics) {
      diagnostics.push(diagnostic);
      const block = front.blocks.get(diagnostic.file);
      if (block !== undefined) sourcesText[diagnostic.file] = block;
    }
    const names = new Map<string, string>();
    for (const source of specSources) names.set(source, URL_SOURCE.test(source) ? source : this.fileName(sameFile(source)));
    const playground = config.api?.playground?.display as PlaygroundMode | undefined;
    const codeSamples = config.api?.examples;
    // The frontmatter of every page, for the pages the navigation does not list (snippets and the 404 page are no pages).
    const pageFrontmatter = new Map([...front.frontmatter].filter(([page]) => page !== '404' && !inSnippetFolder(page)));
    for (const source of this.loadedOpenApi.keys()) if (!documents.texts.has(source)) this.loadedOpenApi.delete(source);
    const load = (text: string, source: string): LoadOpenApiResult => {
      const known = this.loadedOpenApi.get(source);
      if (known?.text === text) return known.result;
      const result = loadOpenApi(text, { file: source });
      this.loadedOpenApi.set(source, { text, result });
      return result;
    };
    const expanded = expandOpenApiEndpoints(resolved.tree, documents.texts, {
      load,
      locate,
      pageFiles,
      unread: documents.unread,
      frontmatter: pageFrontmatter,
      ...(playground ? { playground } : {}),
      ...(codeSamples ? { codeSamples } : {}),
    });
    for (const diagnostic of expanded.diagnostics) {
      const block = front.blocks.get(diagnostic.file);
      if (block !== undefined && diagnostic.line === undefined) {
        diagnostics.push(placeInFrontmatter(diagnostic, block));
        sourcesText[diagnostic.file] = block;
        continue;
      }
      const name = names.get(diagnostic.file);
      if (name !== undefined) {
        if (!(name in sourcesText)) sourcesText[name] = documents.texts.get(diagnostic.file) ?? '';
        diagnostics.push({ ...diagnostic, file: name });
      } else diagnostics.push(diagnostic);
    }
    return { expanded, documents, sources: specSources, wanted, diagnostics, sourcesText };
  }

  /** An object that stays the same while no page's content changed; reads the pages that did. */
  private factsKeyFor(listing: { contentFiles: string[] }, wanted: WantedInputs): object {
    let changed = false;
    let done = 0;
    const total = listing.contentFiles.length;
    for (const file of listing.contentFiles) {
      const content = this.texts.get(file);
      const known = this.facts.get(file);
      if (content === undefined) {
        wanted.files.push(file);
        if (known) {
          this.facts.delete(file);
          changed = true;
        }
        continue;
      }
      this.options.onProgress?.('content', ++done, total);
      if (known && known.content === content) continue;
      this.facts.set(file, { content, facts: this.readFacts(file, content) });
      changed = true;
    }
    const files = new Set(listing.contentFiles);
    for (const file of this.facts.keys()) {
      if (files.has(file)) continue;
      this.facts.delete(file);
      changed = true;
    }
    if (changed) this.factsKey = {};
    return this.factsKey;
  }

  private factsKey: object = {};

  private readFacts(file: string, content: FileContent): PageFacts {
    // Before the cache: its facts for the same bytes may have been read under a larger limit.
    const maxBytes = this.options.maxPageBytes ?? MAX_PAGE_BYTES;
    const oversized = oversizedPage(content, this.fileName(file), maxBytes);
    if (oversized) return oversized;
    const cache = typeof content === 'object' && 'unreadable' in content ? undefined : this.options.cache;
    const cached = cache?.get(file, content);
    const facts = cached ?? readPageContent(content, this.fileName(file), this.options.parsers, maxBytes);
    if (!cached) cache?.set(file, content, facts);
    return this.options.text === false && facts.text !== '' ? { ...facts, text: '' } : facts;
  }

  /** Each page's checks, kept while what they read is unchanged (see `ContentChecks`). */
  private checked = new Map<string, { facts: PageFacts; checks: PageChecks }>();
  /** The pages whose checks read each file. */
  private readers = new Map<string, Set<string>>();
  private cycles: Diagnostic[] = [];
  private checks: ContentChecks | undefined;
  /** The MDX files the platform takes as snippets (they depend on the imports alone). */
  private snippets: ReadonlySet<string> = new Set();
  /** What every page's checks depend on: the files, routes, redirects, prefixes, unknown folders, imports. */
  private checkedShape: readonly unknown[] = [];

  /**
   * The content's diagnostics: each page's own (syntax, components; its frontmatter was reported
   * already), and what its links and imports lead to, resolved against the site's files,
   * navigation, generated endpoint pages and redirects. Only the pages whose checks read a page
   * that changed are checked again.
   */
  private checkContent(
    site: Site,
    listing: { contentFiles: string[]; siteFiles: string[]; pageFiles: string[] },
    unknownFolders: readonly string[],
  ): { diagnostics: Diagnostic[]; facts: Map<string, PageFacts>; snippets: ReadonlySet<string> } {
    const facts = new Map<string, PageFacts>();
    for (const file of listing.contentFiles) {
      const known = this.facts.get(file);
      if (known) facts.set(file, known.facts);
    }
    const routes = [...(site.pages?.byPath.keys() ?? []), ...site.endpointPages.map((page) => page.url)];
    const config = site.config ?? site.partialConfig;
    const redirects = config?.redirects;
    const prefixes = navigationPrefixes(config?.navigation);
    const contentSite: ContentSite = {
      pages: facts,
      files: listing.siteFiles,
      routes,
      prefixes,
      ...(redirects ? { redirects } : {}),
      unknownFolders,
      fileName: this.fileName,
    };
    const changed: string[] = [];
    /** Changed pages whose readers may see the change: see `outline`. */
    const seen = new Set<string>();
    // Imports change which files are snippets and where they render; `slug` fields, which links
    // name a page's former URL (see `pageSlugs`): either changes what every page's links lead to.
    let importsChanged = false;
    for (const [file, page] of facts) {
      const before = this.checked.get(file);
      if (before?.facts === page) continue;
      changed.push(file);
      if (!before || JSON.stringify(before.facts.imports) !== JSON.stringify(page.imports)) importsChanged = true;
      else if (JSON.stringify(pageSlugs(before.facts.frontmatter)) !== JSON.stringify(pageSlugs(page.frontmatter))) importsChanged = true;
      if (!before || this.snippets.has(file) || outline(before.facts) !== outline(page)) seen.add(file);
    }
    // By value: docs.json parsed again gives new objects for the same redirects.
    const shape = [listing.siteFiles, routes.join('\n'), JSON.stringify(redirects ?? null), [...prefixes].join('\n'), unknownFolders.join('\n')];
    let checks = this.checks;
    if (!checks || importsChanged || shape.length !== this.checkedShape.length || shape.some((part, index) => part !== this.checkedShape[index])) {
      checks = this.checks = new ContentChecks(contentSite);
      this.checked = new Map();
      this.readers = new Map();
      this.cycles = checks.cycles();
      this.snippets = snippetFiles(facts, [...facts.keys(), ...listing.pageFiles]);
      this.checkedShape = shape;
    } else checks.update(facts, changed);
    const dirty = new Set<string>();
    for (const [file] of facts) if (!this.checked.has(file)) dirty.add(file);
    for (const file of changed) {
      dirty.add(file);
      if (seen.has(file)) for (const reader of this.readers.get(file) ?? []) dirty.add(reader);
    }
    for (const file of dirty) {
      const page = facts.get(file);
      const before = this.checked.get(file);
      if (before) for (const read of before.checks.reads) this.readers.get(read)?.delete(file);
      if (!page) {
        this.checked.delete(file);
        continue;
      }
      const result = checks.page(file);
      this.checked.set(file, { facts: page, checks: result });
      for (const read of result.reads) {
        const readers = this.readers.get(read);
        if (readers) readers.add(file);
        else this.readers.set(read, new Set([file]));
      }
    }
    const found: Diagnostic[] = [];
    for (const page of facts.values()) for (const diagnostic of page.diagnostics) if (!diagnostic.code.startsWith('frontmatter/')) found.push(diagnostic);
    for (const file of facts.keys()) for (const diagnostic of this.checked.get(file)?.checks.diagnostics ?? []) found.push(diagnostic);
    for (const diagnostic of this.cycles) found.push(diagnostic);
    const byName = new Map<string, string>();
    for (const file of facts.keys()) byName.set(this.fileName(file), file);
    // The platform publishes every page file, but one that no navigation entry lists and no page
    // leads to (by a link or an import) is reached by its URL alone: repositories keep notes,
    // drafts and agents' instructions beside their pages (RELEASING.md, AGENTS.md, TBD/...). What
    // such a file points at and renders is one warning for the file; a problem of the whole page
    // (it does not parse) is a warning; an import cycle stays an error (no page in it can be built).
    const entries = navigationEntries(site);
    const reached = entries
      ? this.reachedFrom(
          [...facts.keys()].filter((file) => entries.has(filePagePath(file)) || entries.has(filePagePath(file).replace(/\/index$/, ''))),
          facts,
        )
      : undefined;
    const unreached = (diagnostic: Diagnostic): string | undefined => {
      const file = byName.get(diagnostic.file);
      return reached !== undefined &&
        file !== undefined &&
        !reached.has(file) &&
        diagnostic.code.startsWith('content/') &&
        diagnostic.code !== 'content/import-cycle'
        ? file
        : undefined;
    };
    const kept: Diagnostic[] = [];
    const folded = new Map<string, Diagnostic[]>();
    for (const diagnostic of found) {
      const file = unreached(diagnostic);
      if (file === undefined) kept.push(diagnostic);
      else if (foldedIntoUnreachedPage(diagnostic)) {
        const problems = folded.get(file);
        if (problems) problems.push(diagnostic);
        else folded.set(file, [diagnostic]);
      } else kept.push(diagnostic.severity === 'error' ? onlyByUrlWarning(diagnostic) : diagnostic);
    }
    for (const [file, problems] of folded) kept.push(unreachedPageWarning(problems, this.snippets.has(file)));
    return { diagnostics: kept, facts, snippets: this.snippets };
  }

  /** The pages and snippets a reader is led to from `entries`, by the links and imports of each (see `reachablePages`). */
  private reachedFrom(entries: readonly string[], facts: ReadonlyMap<string, PageFacts>): Set<string> {
    const reached = new Set<string>();
    const queue: string[] = [];
    const reach = (file: string) => {
      if (reached.has(file) || !facts.has(file)) return;
      reached.add(file);
      queue.push(file);
    };
    for (const file of entries) reach(file);
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) for (const target of this.checked.get(file)?.checks.targets ?? []) reach(target);
    return reached;
  }

  /**
   * The site with the rule settings applied, and without diagnostics about files the user's
   * ignore patterns leave out (an OpenAPI file named in docs.json is still read, but not checked).
   */
  private withRules(
    site: Site,
    diagnostics: Diagnostic[],
    sources: Record<string, string>,
    listing: { ignored: IgnoredFiles; all: ReadonlySet<string>; byName: Map<string, string> },
    wanted: WantedInputs,
  ): SiteCompilation {
    const inIgnoredFile = (name: string) => {
      if (URL_SOURCE.test(name)) return false;
      const file = listing.byName.get(name);
      return file !== undefined && listing.ignored.ignoredByUser(file);
    };
    const kept = inDocumentOrder(diagnostics.filter((diagnostic) => !inIgnoredFile(diagnostic.file)));
    // Without a usable docs.json (not even a partial one) nothing else was checked: its errors stay
    // errors whatever the rules say, or a site that cannot be read would pass with "0 errors".
    if (!site.config && !site.partialConfig)
      return finish(
        site,
        kept.flatMap((diagnostic) => (diagnostic.severity === 'error' ? [diagnostic] : applyRules([diagnostic], this.rules))),
        sources,
        wanted,
      );
    const ruled = applyRules(
      explainIgnoredPages(kept, listing.ignored, (file) => listing.all.has(file)),
      this.rules,
    );
    const missingPages = ruleFor('navigation/missing-page', this.rules) === 'off' ? [] : site.missingPages;
    const snippets = site.content.size > 0 ? this.snippets : undefined;
    const unlisted = this.unlistedStep.get([site.files, site.pages, this.expandedPages, snippets], () => unlistedPages(site, snippets));
    return finish({ ...site, missingPages }, ruled, sources, wanted, unlisted);
  }
}

/** The site of a folder without docs.json: its files, and nothing else read. */
function emptySite(files: string[], siteFiles: string[]): Site {
  return {
    config: undefined,
    tree: undefined,
    endpointPages: [],
    pages: undefined,
    missingPages: [],
    files,
    siteFiles,
    frontmatter: new Map(),
    content: new Map(),
  };
}

/** The page files no navigation entry lists (see `findUnlistedPages`); `snippets` when the content was read. */
function unlistedPages(site: Site, snippets: ReadonlySet<string> | undefined): string[] {
  if (!site.pages) return [];
  const urls = site.endpointPages.map((page) => page.url);
  return findUnlistedPages(site.files, site.pages.byPath, urls, snippets ?? snippetFiles(site.content, site.files));
}

/** The compilation with its summary, and only the sources its diagnostics name. */
function finish(
  site: Site,
  diagnostics: Diagnostic[],
  sources: Record<string, string>,
  wanted: WantedInputs,
  unlisted: string[] = unlistedPages(site, undefined),
): SiteCompilation {
  let errors = 0;
  for (const diagnostic of diagnostics) if (diagnostic.severity === 'error') errors++;
  const config = site.config ?? site.partialConfig;
  const summary = {
    errors,
    warnings: diagnostics.length - errors,
    pages: site.pages?.byPath.size ?? 0,
    files: site.files.length,
    navigation: config ? countNavigation(config) : undefined,
    unlistedPages: unlisted,
  };
  const unique = (list: string[]) => [...new Set(list)].sort();
  return { site, diagnostics, sources, summary, wanted: { files: unique(wanted.files), urls: unique(wanted.urls), openApiFiles: wanted.openApiFiles } };
}

/** The error for a repository path that names no file of the site (as `readOpenApiSource` words it). */
function openApiNotFound(source: string, file: string): Diagnostic {
  if (file.startsWith('../') || file === '..' || /^[a-z]:[\\/]/i.test(source)) {
    return {
      code: 'openapi/outside-root',
      severity: 'error',
      message: `${source} is outside the repository folder, so it is not read.`,
      file: source,
      pointer: '',
      hint: 'Keep OpenAPI files inside the docs folder, or reference them by URL.',
    };
  }
  return {
    code: 'openapi/not-found',
    severity: 'error',
    message: `${source} does not exist.`,
    file: source,
    pointer: '',
    hint: 'Check the path: it is relative to the folder that holds docs.json.',
  };
}

/**
 * What the checks of other pages read of a page that is not a snippet: its frontmatter (`url`),
 * its headings and ids (anchors, and the hint of a heading without an id), the snippets it
 * renders, and whether it was read (diagnostic codes). Its text, words, links and components are
 * its own: a paragraph added to a page 330 pages link to need not check those 330 again. A
 * snippet's readers render it: any change to a snippet is seen by them.
 */
function outline(facts: PageFacts): string {
  return JSON.stringify([facts.frontmatter ?? null, facts.headings, facts.ids, facts.imports, facts.diagnostics.map((diagnostic) => diagnostic.code)]);
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
 * footer, anchors, ...). `undefined` when every page is reached: no navigation, or
 * `seo.indexing: all` (search then finds hidden pages too).
 */
function navigationEntries(site: Site): Set<string> | undefined {
  const config = site.config ?? site.partialConfig;
  if (!site.pages || (config?.seo as { indexing?: unknown } | undefined)?.indexing === 'all') return undefined;
  // `index` is the page at the site's root URL, the one address every reader knows.
  const entries = new Set(['index', ...site.pages.byPath.keys()]);
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if ((key === 'href' || key === 'root' || key === 'destination') && typeof item === 'string' && !URL_SOURCE.test(item))
          entries.add(item.replace(/[?#].*$/s, '').replace(/^\/+|\/+$/g, ''));
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
  const why =
    diagnostic.code === 'content/syntax' ? `${where}; the platform publishes a parsing-error notice in its place.` : `${where}: only its URL leads there.`;
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
  return documentLeftOut ? diagnostics.filter((diagnostic) => diagnostic.code !== 'navigation/endpoint-without-openapi') : diagnostics.slice();
}
