import type { OmittedPart } from '../config/parse-docs-json.js';
import type { DocsConfig } from '../config/schemas/docs-config.js';
import type { PageParsers } from '../content/parse-page.js';
import type { PageFacts } from '../content/read-page.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { PageFrontmatter, ParsedFrontmatter } from '../frontmatter/frontmatter.js';
import type { MissingPagesSummary, NavigationTree, PageIndex } from '../navigation/types.js';
import type { EndpointPage } from '../openapi/types.js';
import type { RuleSettings } from '../rules/apply-rules.js';
import type { OpenApiRead } from './openapi-documents.js';

export type { OpenApiRead } from './openapi-documents.js';

/**
 * A file's content as the adapter read it: bytes from a disk (their encoding is checked), text, or
 * why it could not be read (a page then gets a `content/unreadable` error saying so).
 */
export type FileContent = string | Uint8Array | { unreadable: string };

/**
 * What a site is compiled from: what an adapter gathered (`loadSite` from the disk, a build plugin
 * from its own files, an editor from its buffers). Paths are relative to the folder of docs.json,
 * with `/` separators.
 */
export interface SiteInputs {
  /**
   * Every file of the site's folder (pages, snippets, images, OpenAPI documents, `.mintignore`),
   * without `node_modules` and `.git`: what links may lead to and what navigation entries name.
   * `.mintignore` and the `ignore` option are applied here, by the compiler.
   */
  files: Iterable<string>;
  /**
   * The content of the files Quire reads: docs.json and the files its `$ref`s name, `.mintignore`,
   * every page and MDX snippet (`.md`, `.mdx`; only its frontmatter block is needed with
   * `content: false`), the OpenAPI documents of the repository the site names. A file listed in
   * `files` that is needed and not given here is in the result's `wanted`.
   */
  texts?: ReadonlyMap<string, FileContent>;
  /**
   * OpenAPI documents that could not be read as files of `texts` gives them, by source as the
   * site names it: documents given by URL (their text, or why there is none), and repository
   * paths whose reading failed (outside the repository, not a file, too large).
   */
  openapi?: ReadonlyMap<string, OpenApiRead>;
  /**
   * The repository's JSON and YAML files that declare `openapi: 3.x` at their top level, which the
   * platform looks pages' `openapi:` frontmatter up among. Needed only when some page names a
   * document that way (see `wanted.openApiFiles`).
   */
  openApiFiles?: readonly string[];
}

/**
 * The inputs a compilation needed and was not given: read them and compile again (`update`), and
 * the result is complete. While `wanted` is not empty, the result is missing what depends on them.
 */
export interface WantedInputs {
  /** Files of `files` whose content is needed (`$ref` targets, OpenAPI documents of the repository). */
  files: string[];
  /** OpenAPI documents named by URL to fetch (none with `offline`). */
  urls: string[];
  /** Whether the list of the repository's OpenAPI files (`SiteInputs.openApiFiles`) is needed. */
  openApiFiles: boolean;
}

/**
 * The facts of pages kept between runs, by the content they were read from (the Node adapter's is
 * on disk, keyed by a hash of the bytes). `get` returns facts for that exact content, or none.
 */
export interface PageFactsCache {
  get(file: string, content: FileContent): PageFacts | undefined;
  set(file: string, content: FileContent, facts: PageFacts): void;
  /**
   * The frontmatter parsed before from the same block (`parseFrontmatter(block, name)`, `name` the
   * page's name in diagnostics), or none. Optional: the sidebar needs every page's frontmatter, and
   * parsing it was a fifth of the CPU time before `quire dev`'s first page.
   */
  getFrontmatter?(file: string, block: string): ParsedFrontmatter | undefined;
  setFrontmatter?(file: string, block: string, parsed: ParsedFrontmatter): void;
}

/** Options of {@link compileSite} and `createCompiler`. */
export interface CompileSiteOptions {
  /** docs.json's path relative to the site folder. Default `docs.json`. */
  docsJson?: string;
  /** The name a file (relative to the site folder) has in diagnostics. Default: that path. */
  fileName?: (file: string) => string;
  /** Report unknown keys outside `navigation` as errors. Default `false`. */
  strict?: boolean;
  /** Whether groups open their first page when `interaction.drilldown` is unset. Default `false`. */
  defaultDrilldown?: boolean;
  /** Read the OpenAPI documents in effect and expand their references into endpoint pages. Default `true`. */
  openapi?: boolean;
  /**
   * Documents given by URL are not to be fetched: each gets an `openapi/url-skipped` warning where
   * it is named, and nothing that uses it is checked. Default `false`.
   */
  offline?: boolean;
  /** Read every page and MDX snippet and check what they point at. Default `true`; `false` reads only the frontmatter. */
  content?: boolean;
  /** Keep each page's plain text in `content` (`PageFacts.text`). Default `true`. */
  text?: boolean;
  /**
   * Pages (and MDX snippets) larger than this many bytes of UTF-8 are not parsed: each gets one
   * `content/too-large` warning, and its content is not checked. Default `MAX_PAGE_BYTES` (2 MiB):
   * the time to parse a page grows faster than its size. A whole number from 1.
   */
  maxPageBytes?: number;
  /** Severity settings by diagnostic code (see `applyRules`); opt-in codes are turned on by name. */
  rules?: RuleSettings;
  /** Patterns in `.gitignore` syntax of files that are neither listed nor checked, added to `.mintignore`'s. */
  ignore?: readonly string[];
  /**
   * The parsers pages are read with: a native parser first, and how a page it refuses is confirmed
   * (see `PageParsers`). Default: the reference parser alone (`quire-docs/node` gives satteri).
   */
  parsers?: PageParsers;
  /** Facts of pages kept between runs. Default none: every page is parsed. */
  cache?: PageFactsCache;
  /** Called as pages are parsed. */
  onProgress?: (stage: 'content', done: number, total: number) => void;
}

/** A compiled site: its configuration, navigation, pages and their facts. */
export interface Site {
  /** The configuration, or `undefined` when docs.json has errors. */
  config: DocsConfig | undefined;
  /**
   * When docs.json has errors: the configuration without the parts that have them, which the
   * rest of the site was checked with (see `ParseDocsJsonResult.partialConfig`).
   */
  partialConfig?: DocsConfig;
  /** The parts of docs.json left out of `partialConfig`; present with it. */
  omitted?: OmittedPart[];
  /** The resolved navigation with OpenAPI references expanded, when a configuration was checked. */
  tree: NavigationTree | undefined;
  /** The page model of every generated endpoint and webhook page. */
  endpointPages: EndpointPage[];
  pages: PageIndex | undefined;
  missingPages: MissingPagesSummary[];
  /** Page files (`.md`, `.mdx`) relative to the site folder, sorted, without ignored ones. */
  files: string[];
  /** Every file of the site relative to its folder, sorted, without those `.mintignore` and the platform leave out. */
  siteFiles: string[];
  /** Frontmatter of each page, by page path. */
  frontmatter: ReadonlyMap<string, PageFrontmatter>;
  /** The facts of each page and MDX snippet, by file; empty with `content: false`. */
  content: ReadonlyMap<string, PageFacts>;
}

/** What the navigation holds, as the platform shows it (one child list of each element). */
export interface NavigationCounts {
  languages: number;
  versions: number;
  tabs: number;
  groups: number;
  /** Every string of a `pages` list, endpoint references included. */
  pages: number;
  /** Of those, the endpoint and webhook references (`GET /users`, `webhook order.created`). */
  endpoints: number;
  openapi: number;
}

/** The numbers `quire validate` prints after the diagnostics. */
export interface SiteSummary {
  errors: number;
  warnings: number;
  /** Page entries of the navigation. */
  pages: number;
  /** Page files. */
  files: number;
  /** What the navigation holds; `undefined` without a configuration to check. */
  navigation: NavigationCounts | undefined;
  /** Page files no navigation entry lists (published at their URL only). */
  unlistedPages: string[];
}

/** What a compilation gives: the site, every diagnostic after the rules, and the summary. */
export interface SiteCompilation {
  site: Site;
  /** Every diagnostic, after the rule settings, in document order; file names from `fileName`. */
  diagnostics: Diagnostic[];
  /** The text of each file the diagnostics refer to, for `formatDiagnostics`. */
  sources: Record<string, string>;
  summary: SiteSummary;
  /** Inputs that were needed and not given; empty when the compilation is complete. */
  wanted: WantedInputs;
}

/**
 * A change to the site's files: the file's new content, or its deletion (`content: null`). A file
 * whose content Quire does not read (an image) is added with `content: undefined`.
 */
export interface SiteChange {
  file: string;
  content: FileContent | null | undefined;
}

/**
 * How one compilation of a `Compiler` goes. `content: false` leaves the pages' content out of this
 * one compilation (as the option `content: false` does for all): the navigation, frontmatter,
 * endpoint pages and redirects of the site come sooner (on firecrawl-docs's 5,528 pages, the
 * content's checks are most of the time), and what they read is kept for the next compilation
 * with the content, which does not do it again. `quire dev` serves its first page from such a
 * compilation. Default `content: true`.
 */
export interface CompilePass {
  content?: boolean;
}

/** What an update gives: the whole compilation, and what changed since the one before. */
export interface SiteUpdate extends SiteCompilation {
  /** Diagnostics that were not there before. */
  added: Diagnostic[];
  /** Diagnostics that are no longer there. */
  fixed: Diagnostic[];
  /** Page files whose facts changed, were added or deleted. */
  changedPages: string[];
  /** Whether the navigation, the endpoint pages or the configuration (what a build writes besides pages) changed. */
  changedNavigation: boolean;
}
