import { inDocumentOrder, type Diagnostic } from '../diagnostics/diagnostic.js';
import { didYouMeanText } from '../diagnostics/suggest.js';
import { placeDocsJsonFindings, type DocsJsonFinding } from '../config/place-findings.js';
import type { Locate } from '../config/parse-docs-json.js';
import { classifyEntry } from '../navigation/classify.js';
import type { EndpointNode, GroupNode, NavigationNode, NavigationTree, OpenApiSource, PageNode, SectionNode, WebhookNode } from '../navigation/types.js';
import type { OpenApiDocument } from './document.js';
import type { CodeSampleOptions } from './code-samples.js';
import { buildEndpointPages, type BuildEndpointPagesResult, type EndpointSelector } from './endpoint-pages.js';
import { findOperation, findSchema, findWebhook, matchOperation, matchSchema, matchWebhook } from './find.js';
import { placeFindings, type Finding } from './findings.js';
import { loadOpenApi, type LoadOpenApiResult } from './load-openapi.js';
import { reportSharedUrls } from './page-names.js';
import { documentsNamed, frontmatterReference, inPlatformOrder, nearestDocuments, pageRelativeDocument } from './frontmatter-documents.js';
import { namedSource } from './reference-source.js';
import type { EndpointPage, OperationSummary, PlaygroundMode } from './types.js';
import { append } from '../util/arrays.js';

/** Options of {@link expandOpenApiEndpoints}. */
export interface ExpandOpenApiOptions {
  /**
   * A vendor extension read for page settings besides `x-quire` and `x-mint` (always read, in
   * that order), and before them. Naming one of those two only puts it first.
   */
  extension?: string;
  /** The site's playground mode (docs.json `api.playground.display`). */
  playground?: PlaygroundMode;
  /** Which request samples pages get (docs.json `api.examples`). */
  codeSamples?: CodeSampleOptions;
  /** `parseDocsJson`'s `locate`, to place diagnostics about navigation entries in docs.json. */
  locate?: Locate;
  /** Name of docs.json in diagnostics when `locate` is not given. Default `docs.json`. */
  file?: string;
  /** The file of each page (`guides/a` → `guides/a.mdx`), to name it in frontmatter diagnostics. */
  pageFiles?: ReadonlyMap<string, string>;
  /**
   * Documents that could not be read and whose failure the caller reports (a URL skipped offline,
   * a file that cannot be read): references to them are not checked, so that one unread document
   * is one diagnostic, not one per page that uses it.
   */
  unread?: ReadonlySet<string>;
  /**
   * The frontmatter of every page file, by page path (as given to `resolveNavigation`). The
   * `openapi` and `openapi-schema` fields of the pages the navigation does not list are checked
   * too: the platform publishes such a page (hidden, or opened by a group title as its `root`) and
   * looks up its operation the same way. Where a listed page's problem is an error, an unlisted
   * page's is a warning: only its URL leads to it. Snippets are not pages: leave them out.
   */
  frontmatter?: ReadonlyMap<string, PageFrontmatterFields>;
  /**
   * Loads a document's text (default `loadOpenApi`). A caller that expands the same documents
   * again after a change elsewhere (the compiler, after docs.json changed) keeps the loaded ones:
   * loading is about a fifth of an expansion. The result is only read.
   */
  load?: (text: string, source: string) => LoadOpenApiResult;
}

/** The fields of a page's frontmatter that {@link ExpandOpenApiOptions.frontmatter} reads. */
export interface PageFrontmatterFields {
  openapi?: string;
  'openapi-schema'?: unknown;
  version?: string;
}

/** What {@link expandOpenApiEndpoints} returns. */
export interface ExpandOpenApiResult {
  /** The tree with endpoint and webhook references resolved to their pages, and `openapi` elements without pages expanded. */
  tree: NavigationTree;
  /** The page model of every generated page, by URL order of first appearance. */
  pages: EndpointPage[];
  /** Problems in the documents (in their files) and in the references to them (in docs.json or the MDX page). */
  diagnostics: Diagnostic[];
}

/** The text of each OpenAPI document in effect, by its `source` as written in docs.json. */
export type OpenApiTexts = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

interface Loaded {
  source: string;
  document?: OpenApiDocument;
}

type Selector = EndpointSelector;

/** A page's `openapi` or `openapi-schema` field, and how to find what it refers to in a document. */
interface FrontmatterLookup<T> {
  node: FrontmatterPage;
  /** The page file, where diagnostics go. */
  file: string;
  field: 'openapi' | 'openapi-schema';
  value: string;
  /** The document the field names, if it names one. */
  spec: string | undefined;
  /** What is looked for, in messages: `GET /users`, `the schema "User"`. */
  label: string;
  /** What the field refers to, if the document has it. */
  find: (document: OpenApiDocument) => T | undefined;
  /** "Did you mean" candidates of a document named that lacks it: asked only when that is reported. */
  suggest: (document: OpenApiDocument) => string[];
  /** Whether the navigation lists the page: then every document in effect is read, for its own problems. */
  listed: boolean;
}

/**
 * A page whose frontmatter is looked up: a page of the navigation, or a page file it does not
 * list (then `openapi` is what is in effect where it is a group's `root`, else nothing).
 */
type FrontmatterPage = Pick<PageNode, 'path' | 'pointer' | 'openapi' | 'version' | 'frontmatterOpenApi' | 'frontmatterOpenApiSchema'>;

/** One call to `buildEndpointPages`: a document, the folder, the version, and what to build. */
interface Build {
  loaded: Loaded;
  directory: string;
  version: string | undefined;
  all: boolean;
  selectors: Selector[];
  /** The keys of the selectors of navigation entries, whose pages are published at their own URL (those of MDX frontmatter are at the MDX page's). */
  listed: Set<string>;
  pages?: Map<string, EndpointPage>;
  /** Every page made, in document order (two may share a URL). */
  allPages?: EndpointPage[];
  groups?: BuildEndpointPagesResult['groups'];
}

/**
 * Replaces the navigation's OpenAPI references with generated endpoint pages: an element with
 * `openapi` and no pages gets a page for every operation, grouped by tag in the order of the
 * document's `tags` (untagged last); endpoint and webhook references are resolved against the
 * document named or in effect, with "did you mean" when they miss. Returns the page model of
 * every generated page. Reads nothing: `specs` holds the text of each document by source.
 */
export function expandOpenApiEndpoints(tree: NavigationTree, specs: OpenApiTexts, options: ExpandOpenApiOptions = {}): ExpandOpenApiResult {
  return new Expander(specs, options).run(tree);
}

class Expander {
  private readonly diagnostics: Diagnostic[] = [];
  /** The findings about docs.json among `diagnostics`, placed in their files at the end. */
  private readonly findings: DocsJsonFinding[] = [];
  private readonly loaded = new Map<string, Loaded>();
  private readonly builds = new Map<string, Build>();
  /** From the first pass: the build and key of each reference node, and the builds of each element listing whole documents. */
  private readonly references = new Map<NavigationNode, { build: Build; key: string }>();
  private readonly expansions = new Map<NavigationNode, Build[]>();
  /** MDX pages whose `openapi:` frontmatter names an operation: they get its page model at their own URL. */
  private names: readonly string[] | undefined;
  private readonly frontmatterPages: Array<{ node: PageNode; build: Build; key: string }> = [];
  /** The site's documents nearest to a name that is none of them, by name: many pages repeat one such name. */
  private readonly nearest = new Map<string, string[]>();
  /** The paths of the navigation's pages, and the groups whose `root` each other page is. */
  private readonly listed = new Set<string>();
  private readonly roots = new Map<string, GroupNode>();

  constructor(
    private readonly specs: OpenApiTexts,
    private readonly options: ExpandOpenApiOptions,
  ) {}

  run(tree: NavigationTree): ExpandOpenApiResult {
    this.plan(tree.root);
    this.checkUnlistedFrontmatter();
    for (const build of this.builds.values()) this.build(build);
    const root = this.rewrite(tree.root) as SectionNode;
    // The pages published: the one of each reference, then every page of a whole-document build,
    // where a page made later at a URL replaces the earlier one, as the platform writes them;
    // then those of MDX pages documenting an operation (at the MDX page's URL).
    const pages = new Map<string, EndpointPage>();
    const publish = (page: EndpointPage | undefined) => {
      if (page) pages.set(page.url, page);
    };
    for (const { build, key } of this.references.values()) publish(build.pages?.get(key));
    for (const build of this.builds.values()) if (build.all) for (const page of build.allPages ?? []) publish(page);
    const add = (page: EndpointPage) => {
      if (!pages.has(page.url)) pages.set(page.url, page);
    };
    for (const { node, build, key } of this.frontmatterPages) {
      const page = build.pages?.get(key);
      // The page's own frontmatter title wins over the operation's summary, as on the platform and
      // as after migrate-mdx (which keeps it): the same page has one title whichever way it is written.
      if (!page) continue;
      // Copied with its property descriptors: a spread would make the page's lazy code samples.
      const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(page)) as EndpointPage;
      copy.url = node.href;
      // The MDX body is this page's content: the extension's `content` belongs to the generated page.
      delete copy.content;
      // The MDX page is listed or not by its own navigation entry, whatever the operation's `x-hidden`.
      delete copy.hidden;
      if (node.title !== undefined) copy.metadata = { ...page.metadata, title: node.title };
      add(copy);
    }
    placeDocsJsonFindings(this.findings, this.options.locate, this.options.file);
    return { tree: { root, global: tree.global }, pages: [...pages.values()], diagnostics: inDocumentOrder(this.diagnostics) };
  }

  /** First pass: which documents are needed, and which operations of each. */
  private plan(node: NavigationNode): void {
    if ((node.kind === 'group' || isSection(node)) && (node as GroupNode | SectionNode).allOperations) {
      const own = node.openapi;
      this.expansions.set(
        node,
        own.flatMap((source) => {
          const loaded = this.load(source.source, node.pointer);
          return loaded.document ? [this.buildFor(loaded, source, node.version, true)] : [];
        }),
      );
    }
    if (node.kind === 'endpoint' || node.kind === 'webhook') this.planReference(node);
    if (node.kind === 'page') {
      this.listed.add(node.path);
      this.checkFrontmatter(node);
    }
    if (node.kind === 'group' && node.root !== undefined && !this.roots.has(node.root)) this.roots.set(node.root, node);
    if ('children' in node) for (const child of node.children) this.plan(child);
  }

  private planReference(node: EndpointNode | WebhookNode): void {
    const selector: Selector = node.kind === 'endpoint' ? { method: node.method, path: node.path } : { webhook: node.name };
    const candidates = node.spec === undefined ? node.openapi : this.named(node.spec, node.openapi, node.pointer);
    if (candidates.length === 0) return; // reported by resolveNavigation, or the named document is unknown (reported above)
    const found: Array<{ source: OpenApiSource; loaded: Loaded }> = [];
    const missed: OpenApiDocument[] = [];
    for (const source of candidates) {
      const loaded = this.load(source.source, node.pointer);
      if (!loaded.document) continue;
      const match = node.kind === 'endpoint' ? matchOperation(loaded.document, node.method, node.path) : matchWebhook(loaded.document, node.name);
      if (match) found.push({ source, loaded });
      else missed.push(loaded.document);
    }
    if (!candidates.some((source) => this.loaded.get(source.source)?.document)) return; // the documents failed to load: reported there
    const entry = node.kind === 'endpoint' ? `${node.method} ${node.path}` : `webhook ${node.name}`;
    if (found.length === 0) {
      if (this.anyUnread(candidates.map((source) => source.source))) return;
      const suggestions = missed.flatMap((document) =>
        node.kind === 'endpoint'
          ? findOperation(document, node.method, node.path).suggestions
          : findWebhook(document, node.name).suggestions.map((suggestion) => `webhook ${suggestion}`),
      );
      const list = [...new Set(suggestions)].slice(0, 3);
      this.report({
        code: 'openapi/reference-not-found',
        severity: 'error',
        message: `"${entry}" is not in ${candidates.map((source) => source.source).join(' or ')}.`,
        pointer: node.pointer,
        hint: didYouMeanText(list) ?? `Check the ${node.kind === 'endpoint' ? 'method and path' : 'webhook name'} against the document.`,
        ...(list.length ? { suggestions: list } : {}),
      });
      return;
    }
    if (found.length > 1) {
      this.report({
        code: 'openapi/ambiguous-reference',
        severity: 'error',
        message: `"${entry}" is in several documents in effect: ${found.map(({ source }) => source.source).join(', ')}.`,
        pointer: node.pointer,
        hint: `Name the document: "${found[0]?.source.source} ${entry}".`,
      });
      return;
    }
    const [{ source, loaded }] = found as [{ source: OpenApiSource; loaded: Loaded }];
    const build = this.buildFor(loaded, source, node.version, false);
    build.selectors.push(selector);
    build.listed.add(selectorKey(selector));
    this.references.set(node, { build, key: selectorKey(selector) });
  }

  /** The document an entry names (`spec.yaml GET /x`): a source in effect, or any source by file name. */
  private named(spec: string, inEffect: readonly OpenApiSource[], pointer: string): OpenApiSource[] {
    const known = [...new Set([...inEffect.map((source) => source.source), ...this.sourceNames()])];
    const found = namedSource(spec, inEffect, known);
    if (found) return [found];
    this.report({
      code: 'openapi/unknown-document',
      severity: 'error',
      message: `The document "${spec}" is not an OpenAPI document of the site.`,
      pointer,
      hint: known.length ? `Documents of the site: ${known.join(', ')}.` : 'Add it with `openapi` on this element or an ancestor.',
    });
    return [];
  }

  /**
   * The documents of the site: those given, and those that could not be read (they exist,
   * unchecked). One array for the whole expansion, so lookups by name keep what they derive from it.
   */
  private sourceNames(): readonly string[] {
    if (this.names === undefined) {
      const given = this.specs instanceof Map ? [...this.specs.keys()] : Object.keys(this.specs);
      const unread = [...(this.options.unread ?? [])].filter((source) => !given.includes(source));
      this.names = unread.length ? [...given, ...unread] : given;
    }
    return this.names;
  }

  /** True when one of `sources` could not be read: a reference not found in the others may be in it. */
  private anyUnread(sources: readonly string[]): boolean {
    return sources.some((source) => this.options.unread?.has(source) === true);
  }

  private load(source: string, pointer: string): Loaded {
    const cached = this.loaded.get(source);
    if (cached) return cached;
    const text = this.specs instanceof Map ? this.specs.get(source) : (this.specs as Record<string, string>)[source];
    const loaded: Loaded = { source };
    this.loaded.set(source, loaded);
    if (text === undefined) {
      if (this.options.unread?.has(source)) return loaded;
      this.report({
        code: 'openapi/document-missing',
        severity: 'error',
        message: `The OpenAPI document "${source}" could not be read.`,
        pointer,
        hint: 'Check the path (relative to docs.json) or the URL.',
      });
      return loaded;
    }
    const result = this.options.load ? this.options.load(text, source) : loadOpenApi(text, { file: source });
    append(this.diagnostics, result.diagnostics);
    if (result.document) loaded.document = result.document;
    return loaded;
  }

  private buildFor(loaded: Loaded, source: OpenApiSource, version: string | undefined, all: boolean): Build {
    const key = `${loaded.source}\u0000${source.directory}\u0000${version ?? ''}\u0000${all ? 'all' : 'some'}`;
    let build = this.builds.get(key);
    if (!build) {
      build = { loaded, directory: source.directory, version, all, selectors: [], listed: new Set() };
      this.builds.set(key, build);
    }
    return build;
  }

  private build(build: Build): void {
    const document = build.loaded.document as OpenApiDocument;
    const result = buildEndpointPages(document, {
      directory: build.directory,
      ...(build.version === undefined ? {} : { version: build.version }),
      ...(this.options.extension === undefined ? {} : { extension: this.options.extension }),
      ...(this.options.playground === undefined ? {} : { playground: this.options.playground }),
      ...(this.options.codeSamples === undefined ? {} : { codeSamples: this.options.codeSamples }),
      ...(build.all ? {} : { only: build.selectors }),
    });
    if (build.all) append(this.diagnostics, result.diagnostics);
    else {
      // Of the pages named one by one, only those of navigation entries are published at their own
      // URL: that an MDX page's operation would get the URL of another says nothing.
      const findings: Finding[] = [];
      reportSharedUrls(
        result.pages.filter((page) => build.listed.has(pageKey(page))),
        (finding) => findings.push(finding),
      );
      append(
        this.diagnostics,
        result.diagnostics.filter((diagnostic) => diagnostic.code !== 'openapi/duplicate-url'),
      );
      append(
        this.diagnostics,
        placeFindings(findings, document.file, (pointer, at) => document.locate(pointer, at)),
      );
    }
    build.pages = new Map(result.pages.map((page) => [pageKey(page), page]));
    build.allPages = result.pages;
    build.groups = result.groups;
  }

  /** Second pass: a new tree with the references filled in and whole documents expanded. */
  private rewrite(node: NavigationNode): NavigationNode {
    const plan = this.references.get(node);
    if ((node.kind === 'endpoint' || node.kind === 'webhook') && plan) {
      const page = plan.build.pages?.get(plan.key);
      if (!page) return node;
      const resolved = { ...node, label: page.metadata.title, href: page.url, spec: plan.build.loaded.source };
      if (page.metadata.deprecated) resolved.deprecated = true;
      return resolved;
    }
    if (!('children' in node)) return node;
    const children = node.children.map((child) => this.rewrite(child));
    // The root's pages are published but listed nowhere, as on the platform.
    if (node.kind !== 'root') for (const build of this.expansions.get(node) ?? []) append(children, this.tagGroups(build, node));
    return { ...node, children } as NavigationNode;
  }

  /** The generated pages of a whole document, as one group per tag (see `buildEndpointPages`). */
  private tagGroups(build: Build, parent: NavigationNode): GroupNode[] {
    const breadcrumbs = parent.kind === 'root' ? [] : [...parent.breadcrumbs, parent.label];
    return (build.groups ?? []).map((group, index) => {
      const label = group.label;
      const pointer = `${parent.pointer}/openapi`;
      const inner = [...breadcrumbs, label];
      const children: NavigationNode[] = group.pages.map((page) => {
        const base = {
          label: page.metadata.title,
          pointer,
          openapi: parent.openapi,
          breadcrumbs: inner,
          version: parent.version,
          versionTag: parent.versionTag,
          language: parent.language,
          href: page.url,
          spec: build.loaded.source,
        };
        const reference: EndpointNode | WebhookNode =
          page.kind === 'endpoint' ? { ...base, kind: 'endpoint', method: page.method, path: page.path } : { ...base, kind: 'webhook', name: page.path };
        if (page.metadata.deprecated) reference.deprecated = true;
        return reference;
      });
      const nested = parent.kind === 'group';
      return {
        kind: 'group',
        label,
        pointer: `${pointer}#${index}`,
        openapi: parent.openapi,
        breadcrumbs,
        version: parent.version,
        versionTag: parent.versionTag,
        language: parent.language,
        expanded: !nested,
        collapsible: nested,
        drilldown: parent.kind === 'group' ? parent.drilldown : false,
        children,
      };
    });
  }

  /**
   * The pages the navigation does not list, whose frontmatter names an operation or a schema:
   * hidden pages (no document in effect) and group roots (the group's documents in effect). A
   * page `folder/index` counts as listed when `folder` is.
   */
  private checkUnlistedFrontmatter(): void {
    const hidden: FrontmatterPage[] = [];
    for (const [path, data] of this.options.frontmatter ?? []) {
      const schema = typeof data['openapi-schema'] === 'string' ? data['openapi-schema'] : undefined;
      if (
        (data.openapi === undefined && schema === undefined) ||
        this.listed.has(path) ||
        (path.endsWith('/index') && this.listed.has(path.slice(0, -'/index'.length)))
      )
        continue;
      const group = this.roots.get(path);
      const page: FrontmatterPage = {
        path,
        pointer: group ? `${group.pointer}/root` : '',
        openapi: group?.openapi ?? [],
        version: group?.version ?? data.version,
        frontmatterOpenApi: data.openapi,
        frontmatterOpenApiSchema: schema,
      };
      if (group) this.checkFrontmatter(page);
      else hidden.push(page);
    }
    if (hidden.length === 0) return;
    if (this.sourceNames().length === 0) {
      this.withoutDocument(hidden);
      return;
    }
    for (const page of hidden) {
      const file = this.fileOf(page);
      const from = this.diagnostics.length;
      this.checkFrontmatter(page, false);
      // What is said of the page stays, its errors as warnings; a document read only to find the
      // operation of pages outside the navigation is not checked itself (nothing listed uses it).
      const found = this.diagnostics.splice(from);
      for (const diagnostic of found) if (diagnostic.file === file) this.diagnostics.push(onlyByUrl(diagnostic));
    }
  }

  /** Pages outside the navigation naming an operation, on a site without an OpenAPI document: one warning for them all. */
  private withoutDocument(pages: readonly FrontmatterPage[]): void {
    const [first] = pages as [FrontmatterPage];
    const field = first.frontmatterOpenApi !== undefined ? 'openapi' : 'openapi-schema';
    const value = first.frontmatterOpenApi ?? first.frontmatterOpenApiSchema;
    const others = pages.length - 1;
    const also =
      others === 0
        ? ''
        : `, nor is the frontmatter of the ${others} other page${others === 1 ? '' : 's'} that no navigation lists and that name${others === 1 ? 's' : ''} an operation or a schema`;
    this.diagnostics.push({
      code: 'openapi/frontmatter-without-document',
      severity: 'warning',
      message: `\`${field}: ${value}\` is not checked: the site has no OpenAPI document${also}. The platform shows ${others === 0 ? 'the page' : 'them'} without an API playground.`,
      file: this.fileOf(first),
      pointer: `/${field}`,
      hint: 'Add the OpenAPI document to the repository (or to `openapi` in docs.json), or remove the field from pages that document no operation.',
    });
  }

  private fileOf(page: FrontmatterPage): string {
    return this.options.pageFiles?.get(page.path) ?? `${page.path}.mdx`;
  }

  /**
   * An MDX page whose frontmatter says `openapi: [spec] METHOD /path` or `openapi-schema: [spec] Name` must point at something real.
   * A page of the navigation also gets the operation's page model, at its own URL.
   */
  private checkFrontmatter(node: FrontmatterPage | PageNode, listed = true): void {
    const file = this.fileOf(node);
    if (node.frontmatterOpenApi !== undefined) {
      const entry = classifyEntry(node.frontmatterOpenApi);
      if (entry.kind !== 'endpoint' && entry.kind !== 'webhook') {
        // The platform logs the value and renders the page as a plain page: nothing breaks, but what the author meant is lost.
        this.diagnostics.push({
          code: 'openapi/frontmatter-invalid',
          severity: 'warning',
          message: `\`openapi: ${node.frontmatterOpenApi}\` is not an endpoint (\`[spec] METHOD /path\`) or webhook (\`[spec] webhook name\`) reference; it is ignored and the page has no API playground.`,
          file,
          pointer: '/openapi',
          hint: 'Write e.g. `openapi: GET /users` or `openapi: openapi.yaml POST /users`, or remove the field.',
        });
      } else {
        const label = entry.kind === 'endpoint' ? `${entry.method} ${entry.path}` : `webhook ${entry.name}`;
        // The platform finds a frontmatter path with or without its trailing slash when the document has only the other.
        const other = entry.kind === 'endpoint' && entry.path !== '/' ? (entry.path.endsWith('/') ? entry.path.slice(0, -1) : `${entry.path}/`) : undefined;
        const find = (document: OpenApiDocument): OperationSummary | undefined =>
          entry.kind === 'webhook'
            ? matchWebhook(document, entry.name)
            : (matchOperation(document, entry.method, entry.path) ?? (other === undefined ? undefined : matchOperation(document, entry.method, other)));
        const suggest = (document: OpenApiDocument): string[] =>
          entry.kind === 'webhook'
            ? findWebhook(document, entry.name).suggestions.map((suggestion) => `webhook ${suggestion}`)
            : findOperation(document, entry.method, entry.path).suggestions;
        const found = this.lookUpFrontmatter({ node, file, field: 'openapi', value: node.frontmatterOpenApi, spec: entry.spec, label, find, suggest, listed });
        if (found && 'kind' in node) {
          const { loaded, match } = found;
          const selector: Selector = match.kind === 'endpoint' ? { method: match.method, path: match.path } : { webhook: match.path };
          const source = node.openapi.find((candidate) => candidate.source === loaded.source) ?? { source: loaded.source, directory: 'api-reference' };
          const build = this.buildFor(loaded, source, node.version, false);
          build.selectors.push(selector);
          this.frontmatterPages.push({ node, build, key: selectorKey(selector) });
        }
      }
    }
    if (node.frontmatterOpenApiSchema !== undefined) {
      const value = node.frontmatterOpenApiSchema;
      const { document } = frontmatterReference('openapi-schema', value);
      const words = value.trim().split(/\s+/);
      const name = (document === undefined ? words[0] : words[1]) ?? '';
      this.lookUpFrontmatter({
        node,
        file,
        field: 'openapi-schema',
        value,
        spec: document,
        label: `the schema "${name}"`,
        find: (doc) => matchSchema(doc, name),
        suggest: (doc) => findSchema(doc, name).suggestions,
        listed,
      });
    }
  }

  /**
   * The document that holds what a page's frontmatter refers to, found the way the platform finds
   * it. A named document (a path from the root or a file name: see `documentsNamed`) is looked in
   * first; when it lacks the operation, or names no document of the site, the platform falls back
   * to another document that has it, which is a warning. Without a name: the documents in effect
   * for the page, then any other. Reports what is not found anywhere, on the frontmatter field.
   */
  private lookUpFrontmatter<T>(reference: FrontmatterLookup<T>): { loaded: Loaded; match: T } | undefined {
    const { node, file, field, value, spec, label, find, suggest, listed } = reference;
    const known = this.sourceNames();
    const at = { file, pointer: `/${field}` };
    if (known.length === 0) {
      // Documents in effect that could not be read are reported where they are named.
      if (node.openapi.length) {
        for (const source of node.openapi) this.load(source.source, node.pointer);
        return undefined;
      }
      this.diagnostics.push({
        code: 'openapi/frontmatter-without-document',
        severity: 'warning',
        message: `\`${field}: ${value}\` is not checked: the site has no OpenAPI document. The platform shows the page without an API playground.`,
        ...at,
        hint: 'Add the OpenAPI document to the repository (or to `openapi` in docs.json), or remove the field.',
      });
      return undefined;
    }
    const first = spec !== undefined ? documentsNamed(spec, known) : node.openapi.length ? node.openapi.map((source) => source.source) : inPlatformOrder(known);
    const missed: OpenApiDocument[] = [];
    // The documents in effect are all read, whether or not an earlier one has the operation, so
    // that their own problems are reported the same way every time. A name can match several
    // documents (`../api.json` matches every translation's copy): only the one the platform uses,
    // the first that has the operation, is read, like the fallback.
    const holder = (sources: readonly string[], readAll: boolean) => {
      let found: { loaded: Loaded; match: T } | undefined;
      for (const source of sources) {
        const loaded = this.load(source, node.pointer);
        if (!loaded.document || found) continue;
        const match = find(loaded.document);
        if (match !== undefined) {
          found = { loaded, match };
          if (!readAll) break;
        } else if (first.includes(source)) missed.push(loaded.document);
      }
      return found;
    };
    const named = holder(first, spec === undefined && listed);
    if (named) {
      if (spec !== undefined) this.checkPageRelative(spec, node, named.loaded.source, { ...at, field, value });
      return named;
    }
    const fallback = holder(inPlatformOrder(known.filter((source) => !first.includes(source))), false);
    if (fallback && spec === undefined) return fallback;
    // A document that could not be read may hold it: that document's own diagnostic says what was not checked.
    if (!fallback && this.anyUnread(known)) return undefined;
    if (spec !== undefined && first.length === 0) {
      let nearest = this.nearest.get(spec);
      if (nearest === undefined) this.nearest.set(spec, (nearest = nearestDocuments(spec, known)));
      if (fallback) {
        this.diagnostics.push({
          code: 'openapi/frontmatter-unknown-document',
          severity: 'warning',
          message: `\`${field}\` names the document "${spec}", which is not an OpenAPI document of the site; the platform falls back to ${fallback.loaded.source}, which has ${label}.`,
          ...at,
          hint: didYouMeanText(nearest) ?? `Name ${fallback.loaded.source} (a path from the root, or its file name).`,
          ...(nearest.length ? { suggestions: [...nearest] } : {}),
        });
        return fallback;
      }
      this.diagnostics.push({
        code: 'openapi/frontmatter-unknown-document',
        severity: 'error',
        message: `\`${field}\` names the document "${spec}", which is not an OpenAPI document of the site, and no document has ${label}.`,
        ...at,
        hint: didYouMeanText(nearest) ?? 'Name the document by its path from the root of the docs, or by its file name.',
        ...(nearest.length ? { suggestions: [...nearest] } : {}),
      });
      return undefined;
    }
    const where =
      first.length === 1
        ? `the OpenAPI document ${first[0]}`
        : `any of the ${first.length} OpenAPI documents ${spec !== undefined ? `named "${spec}"` : node.openapi.length ? 'in effect' : 'of the site'}`;
    if (fallback) {
      this.diagnostics.push({
        code: 'openapi/frontmatter-other-document',
        severity: 'warning',
        message: `\`${field}: ${value}\` is not in ${where}; the platform falls back to ${fallback.loaded.source}, which has ${label}.`,
        ...at,
        hint: `Name ${fallback.loaded.source} in the frontmatter, or add ${label} to the document named.`,
      });
      return fallback;
    }
    // A document that could not be read is reported where it is; saying it lacks the operation would be a second report.
    if (!first.some((source) => this.loaded.get(source)?.document)) return undefined;
    const list = [...new Set(missed.flatMap(suggest))].slice(0, 3);
    const elsewhere = first.length < known.length ? ', nor in any other document of the site' : '';
    this.diagnostics.push({
      code: 'openapi/frontmatter-not-found',
      severity: 'error',
      message: `\`${field}: ${value}\` is not in ${where}${elsewhere}.`,
      ...at,
      hint:
        didYouMeanText(list) ??
        (field === 'openapi'
          ? /^\s*(?:\S+\s+)?webhook\s/i.test(value)
            ? 'The webhook name must match the document exactly.'
            : 'The method and path must match the document exactly.'
          : 'Use the name of a schema under components.schemas.'),
      ...(list.length ? { suggestions: list } : {}),
    });
    return undefined;
  }

  /**
   * A name written relative to the page (`../api.json` from `ja/reference/x.mdx`) that the
   * platform, reading it from the root, resolves to another document than the one beside the
   * page: the page shows that other document (often the untranslated one).
   */
  private checkPageRelative(spec: string, node: FrontmatterPage, used: string, at: { file: string; pointer: string; field: string; value: string }): void {
    const relative = pageRelativeDocument(spec, node.path, this.sourceNames());
    if (relative === undefined || relative === used) return;
    this.diagnostics.push({
      code: 'openapi/frontmatter-relative-document',
      severity: 'warning',
      message: `\`${at.field}: ${at.value}\` is read from the root of the docs, not from the page: the platform uses ${used}, not ${relative} beside the page.`,
      file: at.file,
      pointer: at.pointer,
      hint: `Write the path from the root: \`/${relative}\`.`,
      suggestions: [`/${relative}`],
    });
  }

  /**
   * Records a finding about docs.json where the diagnostics stand; it is placed in its file with
   * the others at the end (one pass over docs.json for all of them).
   */
  private report(finding: Omit<Diagnostic, 'file'>): void {
    const pending: DocsJsonFinding = { ...finding };
    this.findings.push(pending);
    this.diagnostics.push(pending as Diagnostic);
  }
}

/** A problem of a page that no navigation entry lists: an error there is a warning, since only its URL leads to the page. */
function onlyByUrl(diagnostic: Diagnostic): Diagnostic {
  if (diagnostic.severity !== 'error') return diagnostic;
  const ignore = 'If the file is a note for the repository rather than a page, list it in .mintignore: the platform then leaves it out of the site.';
  return {
    ...diagnostic,
    severity: 'warning',
    message: `${diagnostic.message} The page is in no navigation: only its URL leads there.`,
    hint: diagnostic.hint ? `${diagnostic.hint} ${ignore}` : ignore,
  };
}

function isSection(node: NavigationNode): node is SectionNode {
  return 'children' in node && node.kind !== 'group';
}

/** The key of the selector that names a page. */
function pageKey(page: EndpointPage): string {
  return selectorKey(page.kind === 'endpoint' ? { method: page.method, path: page.path } : { webhook: page.path });
}

function selectorKey(selector: Selector): string {
  return 'webhook' in selector ? `webhook ${selector.webhook}` : `${selector.method.toUpperCase()} ${selector.path}`;
}
