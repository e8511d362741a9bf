import { createElement as h, type ReactNode } from 'react';
import { memo } from '../util/memo.js';
import { renderToString } from 'react-dom/server';
import type { CompiledPage, CompiledRedirect, CompiledSearchText, CompiledSite } from '../build/types.js';
import type { DocsConfig } from '../config/schemas/docs-config.js';
import type { MdxParser, PageFacts } from '../content/index.js';
import { llmsFullTxt, llmsTxt, markdownFileOf, pageMarkdownOf, robotsTxt, siteUrlOf, siteUrlsIn, sitemapXml } from '../agents/index.js';
import { pageFileOf } from '../agents/site-files.js';
import type { EndpointPage } from '../openapi/types.js';
import { CLIENT_SCRIPT } from './client-script.js';
import { COMPONENT_CSS } from './components-css.js';
import { iconOf, prepareIcons } from './icons.js';
import { prepareRender } from './prepare.js';
import { fenceLanguages, takeMissedLanguages } from './code.js';
import { ASSISTANT_CSS, ASSISTANT_SCRIPT, type AssistantPanelSettings } from './assistant-panel.js';
import { SEARCH_CSS, SEARCH_SCRIPT, searchEntries } from './search.js';
import { EndpointReference, longDescription } from './endpoint.js';
import { assetUrl, SiteShell, type ShellPage } from './layout.js';
import { createSectionSidebars, sidebarDrawn, type SectionSidebars } from './layout-sidebar.js';
import { htmlWithBase, htmlWithRoot, pathWithBase, relativeRoot } from './base-path.js';
import type { IconRenderer } from './layout-parts.js';
import { compileMdx, type MdxComponents } from './mdx.js';
import { escapeHtml, pageContent, sharedBuiltIns, type RenderPageError } from './page.js';
import { FORWARD_ON_DISK_SCRIPT, SITE_SCRIPT, THEME_SCRIPT } from './site-script.js';
import { createSiteCode, type SiteCode, type SiteCodeError, type SiteCodeOptions } from './site-code.js';
import { languageParts, settingsForLanguage } from './site-settings.js';
import { firstHref, pageNavigation, type PageOperation } from './site-navigation.js';
import { googleFontsUrl, SITE_CSS, themeCss } from './site-theme.js';

/** What {@link renderStaticSite} is given: the compiled site and ways to read its files. */
export interface StaticSiteInput {
  /** The compiled site (`buildSite(...).site`). */
  site: CompiledSite;
  /** The page model of every generated endpoint and webhook page, and of MDX pages with `openapi:` (`Site.endpointPages`). */
  endpointPages: readonly EndpointPage[];
  /** Each page's facts by file (`Site.content`): the heading ids by line, the components it uses. */
  content: ReadonlyMap<string, PageFacts>;
  /** The MDX of a page file (relative to the site folder), or undefined when it cannot be read. */
  readPage(file: string): Promise<string | undefined>;
  /** The bytes of a static file of the site (`CompiledSite.staticFiles`, `servedFiles`), or undefined when it cannot be read. */
  readStaticFile(file: string): Promise<Uint8Array | undefined>;
  /**
   * The files of the site the platform serves at their path whether a page names them or not
   * (`servedFiles(siteFiles)`: images, videos, fonts, PDFs...; a page's code may build their
   * address at run time): copied with `CompiledSite.staticFiles`. Default none.
   */
  servedFiles?: readonly string[];
  /** Components over the built-ins. */
  components?: MdxComponents;
  /**
   * How to load the site's own code (its MDX snippets and JS/JSX/TS/TSX components; see
   * `createSiteCode`). Without it, what a page imports is a placeholder in the page.
   */
  siteCode?: SiteCodeOptions;
  /** Draws the icons of docs.json and frontmatter; default the built-in icon sets (`Icon`). */
  renderIcon?: IconRenderer;
  /** CSS of the components, added before the shell's; default the built-ins' `COMPONENT_CSS`. */
  componentCss?: string;
  /** Script of the components (tabs, copy buttons), added after the shell's; default `CLIENT_SCRIPT`. */
  componentScript?: string;
  /**
   * The pages' text for the search (`buildSite`'s `search.json`, built with content): written as
   * `_quire/search.json`, read by the search dialog of every page. Without it, no search.
   */
  search?: CompiledSearchText;
  /**
   * docs.json as validated, navigation included (`LoadedSite.config`): the `banner`, `footer` and
   * `navbar` of each language's entry apply to that language's pages. Without it, every page has
   * the site's (`site.settings` holds no navigation).
   */
  docsConfig?: DocsConfig;
  /**
   * The path the site is served under (`/docs/`, see `normalizeBase`): the URLs of `404.html`
   * (served at any depth, so written from the root) and the paths of `_redirects` get it in
   * front; every other page's URLs lead from its own folder and need none. Default `/`.
   */
  base?: string;
  /** Mermaid's browser bundle: written to `_quire/mermaid.min.js` when a page has a diagram, and loaded only by those pages. */
  mermaidScript?: string | Uint8Array;
  /**
   * The API playground's browser script (`dist/render/playground.global.js`, see
   * ./playground-client.ts): written to `_quire/playground.js` when an endpoint page has an
   * interactive playground, and loaded only by those pages. Without it, the playground's inputs
   * are drawn and nothing sends them.
   */
  playgroundScript?: string;
  /**
   * The path of a proxy the playground sends through (`quire dev`'s `/_quire/proxy`): on every
   * page's `<html data-playground-proxy>`. A static build has none: requests go from the browser.
   */
  playgroundProxy?: string;
  /**
   * The assistant every page offers (an "Ask AI" panel, `ASSISTANT_SCRIPT`): the API's URL, the
   * project and an assistant key (`quire_dsc_…`: every page holds it). Without it, no panel.
   */
  assistant?: AssistantPanelSettings;
  /**
   * A section's sidebar whose HTML is longer than this (in characters) is written once, as
   * `_quire/nav/<hash>.js`, which its pages load where the sidebar stands; each page keeps only
   * the groups that hold it (what a reader without scripts sees). Default
   * {@link SHARED_SIDEBAR_OVER} for `renderStaticSite` and `planStaticSite`; `createSiteRenderer`
   * (`quire dev`) keeps every sidebar whole in its pages unless given one.
   */
  sharedSidebarOver?: number;
  /**
   * The parser the pages' Markdown (`<page>.md`, `llms-full.txt`) is read with: satteri in Node
   * (`nativeMdxParser`). Default the reference parser (remark-mdx), slower by far.
   */
  markdownParser?: MdxParser;
  /** The file of the site an import of a page names, for the MDX snippets written out in its Markdown (`AgentFilesInput.snippetFile`). */
  markdownSnippetFile?(source: string, from: string): string | undefined;
}

/**
 * The longest sidebar a built page holds whole, in characters of HTML (700 links or so). The
 * generated 25,000-page site's sections list 5,000 pages: 700 KB in every page, drawn and written
 * 25,000 times, where a shared script is loaded once per section.
 */
export const SHARED_SIDEBAR_OVER = 100_000;

/** One file of the static site: its path in the output folder (`/`-separated) and content. */
export interface StaticSiteFile {
  path: string;
  content: string | Uint8Array;
}

/** A page whose file could not be read, or whose MDX did not compile or render: written with its error in place of its content. */
export interface StaticSiteFailure extends Omit<RenderPageError, 'stage'> {
  stage: RenderPageError['stage'] | 'read';
  href: string;
  file?: string;
}

/** What {@link renderStaticSite} gives: every file, sorted by path, and the pages that failed. */
export interface StaticSiteResult {
  files: StaticSiteFile[];
  failures: StaticSiteFailure[];
}

/** Where the shell's own files go: a name no page or file of a site uses. */
const ASSET_FOLDER = '_quire';

/**
 * A compiled site as static HTML: one page per URL (`/guides/setup` as `guides/setup.html`, `/`
 * as `index.html`, so that a page keeps its URL and the relative links written in it resolve as
 * on the platform; its URLs from the root written relative to its folder, 404.html's excepted), endpoint pages, `404.html`, a page that forwards for each redirect of
 * docs.json without parameters and a `_redirects` file with all of them, the site's static files
 * as they are, and the shell's style sheet and script in `_quire/`. The same input gives the same
 * files, byte for byte. A page that cannot be rendered is written with its error in its place
 * (as the platform shows one) and listed in `failures`.
 */
export async function renderStaticSite(input: StaticSiteInput): Promise<StaticSiteResult> {
  const planned = await planStaticSite(input);
  const files: StaticSiteFile[] = [];
  for (const file of planned.files) files.push({ path: file.path, content: await file.content() });
  return { files, failures: planned.failures() };
}

/** One file of the static site, its content made when asked for (a page is rendered then). */
export interface PlannedStaticSiteFile {
  path: string;
  content(): Promise<string | Uint8Array>;
}

/** What {@link planStaticSite} gives: every file, sorted by path, and the pages that failed among those rendered so far. */
export interface PlannedStaticSite {
  files: PlannedStaticSiteFile[];
  /** The pages rendered so far that failed, in the order of the site's pages. */
  failures(): StaticSiteFailure[];
  /**
   * The URLs that `llms.txt` and `sitemap.xml` name and the build does not write (each would
   * answer 404), with the file that names them and whether that file is the site's own (a
   * `llms.txt` of its repository) or the build's. Those of the build's own files are a bug.
   */
  unwritten: UnwrittenUrl[];
}

/** A URL of `llms.txt` or `sitemap.xml` that leads to no file of the build. */
export interface UnwrittenUrl {
  /** `llms.txt` or `sitemap.xml`. */
  file: string;
  /** The URL's path from the site's root, as written (`/guides/setup.md`). */
  url: string;
  /** Whether the file naming it is the site's own (a `llms.txt` in its repository), not one the build made. */
  siteOwn: boolean;
}

/**
 * The files of {@link renderStaticSite}, each page rendered only when its content is asked for,
 * so that a writer can put each on disk and let it go: a site of thousands of pages is never
 * held in memory whole (firecrawl-docs's 3,000 pages held 1.7 GB). The static files of the site
 * are read at once, so that one that cannot be read is left out, as by `renderStaticSite`.
 */
export async function planStaticSite(input: StaticSiteInput): Promise<PlannedStaticSite> {
  // Every language the pages' fences and the endpoints' samples name, loaded before any page is
  // drawn: shiki drops the compiled rules of each grammar that embeds a language lazily
  // (Markdown, MDX, Vue) whenever one is loaded, and of JavaScript and TypeScript when one injects
  // into them, so that languages loaded page by page made those compile again and again
  // (firecrawl-docs: a 10-line mdx block took 0.2-0.8 s each time).
  const languages = new Set<string>();
  for (const endpoint of input.endpointPages) for (const sample of endpoint.codeSamples) languages.add(sample.language);
  // Mermaid's bundle only when a page may have a diagram (its MDX names mermaid; the pages
  // without one never load it): without one, the pages are drawn without Mermaid.
  let diagrams = false;
  const read = new Set<string>();
  for (const page of input.site.pages) {
    if (page.file === undefined || read.has(page.file)) continue;
    read.add(page.file);
    const text = await input.readPage(page.file);
    if (text === undefined) continue;
    for (const language of fenceLanguages(text)) languages.add(language);
    if (input.mermaidScript !== undefined && !diagrams) diagrams = mayDrawDiagram(text);
  }
  await prepareRender({ languages });
  const { mermaidScript, playgroundScript, ...rest } = input;
  const playgrounds = input.endpointPages.some((endpoint) => endpoint.kind === 'endpoint' && endpoint.playground.mode === 'interactive');
  const renderer = createSiteRenderer({
    sharedSidebarOver: SHARED_SIDEBAR_OVER,
    ...rest,
    ...(diagrams && mermaidScript !== undefined ? { mermaidScript } : {}),
    ...(playgrounds && playgroundScript !== undefined ? { playgroundScript } : {}),
  });
  // The shared sidebars (among the shell's files) draw the icons of the navigation.
  await prepareIcons();
  const files = new Map<string, () => Promise<string | Uint8Array>>();
  const failures = new Map<number, StaticSiteFailure>();
  for (const [index, href] of renderer.hrefs().entries()) {
    const target = htmlFileOf(href);
    if (target === undefined || files.has(target)) continue;
    files.set(target, async () => {
      const rendered = (await renderer.page(href)) as RenderedPage;
      if (rendered.failure) failures.set(index, rendered.failure);
      return rendered.html;
    });
  }
  const { site } = input;
  const now = (content: string | Uint8Array) => () => Promise.resolve(content);
  // A site without a page at `/` opens at its first page, as on the platform.
  const first = renderer.first();
  if (!files.has('index.html') && first !== undefined && first !== '/') files.set('index.html', now(redirectPage({ source: '/', destination: first })));
  files.set(NOT_FOUND_FILE, () => Promise.resolve(renderer.notFound()));
  for (const redirect of site.redirects) {
    if (/[:*]/.test(redirect.source)) continue;
    const target = htmlFileOf(redirect.source);
    if (target === undefined || files.has(target)) continue;
    files.set(target, now(redirectPage(redirect)));
  }
  if (site.redirects.length > 0) files.set('_redirects', now(redirectsFile(site.redirects)));
  for (const file of site.staticFiles) {
    if (files.has(file) || file.startsWith(`${ASSET_FOLDER}/`)) continue;
    const bytes = await input.readStaticFile(file);
    if (bytes !== undefined) files.set(file, now(bytes));
  }
  // The other files the platform serves are read when written, one at a time: a repository's
  // images and videos can weigh far more than its pages.
  for (const file of input.servedFiles ?? []) {
    if (files.has(file) || file.startsWith(`${ASSET_FOLDER}/`)) continue;
    files.set(file, async () => {
      const bytes = await input.readStaticFile(file);
      if (bytes === undefined) throw new Error(`${file} cannot be read`);
      return bytes;
    });
  }
  // The site as AI agents read it (see agentFilesOf). A file of the site's own at one of those
  // names (its own llms.txt, robots.txt) is served as it is, as on the platform.
  const base = input.base !== undefined && input.base !== '/' ? input.base : undefined;
  const urls = agentUrls(input);
  const named: Array<{ file: string; text: string; siteOwn: boolean }> = [];
  for (const path of renderer.agentFiles()) {
    if (files.has(path)) {
      if (path === 'llms.txt') {
        const own = await input.readStaticFile(path);
        if (own !== undefined) named.push({ file: path, text: new TextDecoder().decode(own), siteOwn: true });
      }
      continue;
    }
    if (path === 'llms.txt' || path === 'sitemap.xml') {
      const text = (await renderer.agentFile(path)) as string;
      files.set(path, now(text));
      named.push({ file: path, text, siteOwn: false });
    } else files.set(path, async () => (await renderer.agentFile(path)) as string);
  }
  // The islands' browser files are those of the pages rendered so far: the pages that can have
  // one (their code uses hooks or handlers) are rendered once before, their HTML let go.
  if (input.siteCode) for (const href of renderer.hrefs()) if (await renderer.mayHaveIslands(href)) await renderer.page(href);
  for (const [path, content] of renderer.shellFiles()) files.set(path, now(content));
  // Every URL that llms.txt and sitemap.xml name must be a file of the build: none answers 404.
  const unwritten: UnwrittenUrl[] = [];
  // In the build's own llms.txt, the links of the list (those in the descriptions are the authors' text).
  for (const { file, text, siteOwn } of named)
    for (const url of siteUrlsIn(text, { ...urls, listed: !siteOwn })) if (!writes(files, url)) unwritten.push({ file, url, siteOwn });
  const finished = (path: string, content: string | Uint8Array): string | Uint8Array => {
    if (typeof content !== 'string') return content;
    if (path.endsWith('.html')) {
      // 404.html is served at any depth: its URLs start at the root (under `base`). Every other
      // page's lead from its own folder, so that the build works under any path and from disk.
      if (path === NOT_FOUND_FILE) return base === undefined ? content : htmlWithBase(content, base);
      return htmlWithRoot(content, relativeRoot(path));
    }
    return base === undefined || path !== '_redirects' ? content : rebasedRedirects(site.redirects, base);
  };
  for (const [path, content] of files) files.set(path, async () => finished(path, await content()));
  return {
    files: [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, content]) => ({ path, content })),
    failures: () => [...failures].sort(([a], [b]) => a - b).map(([, failure]) => failure),
    unwritten,
  };
}

/**
 * The site as AI agents read it, each file made when asked for: every page's Markdown beside its
 * HTML (`guides/setup.md`), made once for its `.md` and for `llms-full.txt`; `llms.txt` and
 * `llms-full.txt`; and, when docs.json names the site's URL, `sitemap.xml` and `robots.txt`.
 * Their links lead from the site's URL, else from the root of where it is served (`base`).
 */
function agentFilesOf(
  input: StaticSiteInput,
  pages: readonly CompiledPage[],
  endpoints: ReadonlyMap<string, EndpointPage>,
): Map<string, () => Promise<string>> {
  const { site } = input;
  const urls = agentUrls(input);
  const { siteUrl } = urls;
  const agents = {
    site,
    endpointPages: input.endpointPages,
    readPage: input.readPage,
    ...(input.markdownParser ? { parse: input.markdownParser } : {}),
    ...(input.markdownSnippetFile ? { snippetFile: input.markdownSnippetFile } : {}),
  };
  // About 1.6 ms a page (parse and write); firecrawl-docs's 2,159 hold 20 MB, llms-full.txt 11 MB.
  const markdown = new Map<string, Promise<string>>();
  const markdownOfPage = (page: CompiledPage): Promise<string> => {
    let made = markdown.get(page.href);
    if (made === undefined) {
      made = pageMarkdownOf(agents, page, endpoints.get(page.href));
      markdown.set(page.href, made);
    }
    return made;
  };
  const files = new Map<string, () => Promise<string>>();
  for (const page of pages) {
    const path = markdownFileOf(page.href);
    if (path !== undefined && !files.has(path)) files.set(path, () => markdownOfPage(page));
  }
  files.set(
    'llms.txt',
    memo(() => Promise.resolve(llmsTxt(site, urls))),
  );
  files.set('llms-full.txt', () => llmsFullTxt(agents, urls, markdownOfPage));
  if (siteUrl !== undefined) {
    files.set(
      'sitemap.xml',
      memo(() => Promise.resolve(sitemapXml(site, siteUrl))),
    );
    files.set('robots.txt', () => Promise.resolve(robotsTxt(siteUrl)));
  }
  return files;
}

/** Where the links of the files for agents lead from: the site's URL when docs.json names it, and the path it is served under. */
function agentUrls(input: StaticSiteInput): { siteUrl?: string; base?: string } {
  const siteUrl = siteUrlOf(input.site);
  const base = input.base !== undefined && input.base !== '/' ? input.base : undefined;
  return { ...(siteUrl ? { siteUrl } : {}), ...(base ? { base } : {}) };
}

/** Whether the build writes what a static host serves at `url` (a path from the site's root): the file itself, or the page's `.html`. */
function writes(files: ReadonlyMap<string, unknown>, url: string): boolean {
  let path: string;
  try {
    path = decodeURI(url);
  } catch {
    return false;
  }
  const file = path.replace(/^\/+/, '');
  if (file !== '' && files.has(file)) return true;
  const html = htmlFileOf(url);
  return html !== undefined && files.has(html);
}

/** The `_redirects` file of a site served under `base`: a host reads its paths from its own root. */
function rebasedRedirects(redirects: readonly CompiledRedirect[], base: string): string {
  return redirectsFile(
    redirects.map((redirect) => ({ ...redirect, source: pathWithBase(redirect.source, base), destination: pathWithBase(redirect.destination, base) })),
  );
}

/** One page of a site rendered by a {@link SiteRenderer}. */
export interface RenderedSitePage {
  /** The whole HTML document. */
  html: string;
  /** The page's file (relative to the site folder); absent for a generated endpoint page. */
  file?: string;
  /** Why its content is an error box instead (it could not be read, compiled or rendered). */
  failure?: StaticSiteFailure;
}

/** A site's pages rendered one at a time, on request (`quire dev`); {@link renderStaticSite} renders them all. */
export interface SiteRenderer {
  /** The URL path of every page, each once (navigation pages, then endpoint pages no entry lists). */
  hrefs(): string[];
  /** The page at a URL path (`/guides/setup`), or `undefined` when no page has it. */
  page(href: string): Promise<RenderedSitePage | undefined>;
  /** Where `/` leads when no page has it: the first page of the navigation. */
  first(): string | undefined;
  /** The redirect of docs.json whose source is `href` (without parameters), as a page that forwards, or `undefined`. */
  redirect(href: string): { location: string; html: string } | undefined;
  /** The 404 page. */
  notFound(): string;
  /** The shell's own files (style sheet, scripts, the search index) by their path in the site (`_quire/site.css`). */
  shellFiles(): Map<string, string | Uint8Array>;
  /** One of {@link shellFiles} (`_quire/site.css`), made without the others; `undefined` when there is none at that path. */
  shellFile(path: string): string | Uint8Array | undefined;
  /** Whether the page at `href` may draw a Mermaid diagram: its MDX names mermaid (a diagram in a snippet it imports is not seen). */
  mayHaveDiagram(href: string): Promise<boolean>;
  /** Whether the page at `href` may render an island: the site's code is given, and the page or a module it imports uses hooks or handlers. */
  mayHaveIslands(href: string): Promise<boolean>;
  /**
   * The paths of the site as AI agents read it, each once: every page's Markdown (`index.md`,
   * `guides/setup.md`), `llms.txt`, `llms-full.txt`, and `sitemap.xml` and `robots.txt` when
   * docs.json names the site's URL (`seo.metatags.canonical`).
   */
  agentFiles(): string[];
  /** One of {@link agentFiles}, made when asked for (a page's Markdown once, for its `.md` and `llms-full.txt`); undefined for another path. */
  agentFile(path: string): Promise<string | undefined>;
}

/** A {@link SiteRenderer} of `input`: what is the same for every page is prepared once. */
export function createSiteRenderer(input: StaticSiteInput): SiteRenderer {
  const { site } = input;
  // site.json's settings are docs.json as validated: typed loosely there (a JSON format), read here as docs.json.
  const settings = site.settings as unknown as DocsConfig;
  const endpoints = new Map(input.endpointPages.map((endpoint) => [endpoint.url, endpoint]));
  const titles = new Map<string, string>();
  for (const page of site.pages) if (!titles.has(page.href)) titles.set(page.href, page.sidebarTitle ?? page.title);
  const withDefaults: StaticSiteInput = { ...input, renderIcon: input.renderIcon ?? ((icon) => iconOf(icon)) };
  const head = headParts(withDefaults, settings);
  const pages = new Map(uniquePages(site).map((page) => [page.href, page]));
  // The MDX pages with `openapi:` frontmatter: their sidebar entries show the method.
  const operations = new Map<string, PageOperation>();
  for (const endpoint of input.endpointPages)
    if (pages.get(endpoint.url)?.file !== undefined) operations.set(endpoint.url, { kind: endpoint.kind, method: endpoint.method, path: endpoint.path });
  const code = input.siteCode ? createSiteCode(input.siteCode) : undefined;
  // Pages whose frontmatter `url` sends the reader elsewhere: links there in the navigation, and a page that forwards.
  const elsewhere = new Map<string, string>();
  for (const page of pages.values())
    if (typeof page.frontmatter?.url === 'string' && page.frontmatter.url.trim()) elsewhere.set(page.href, page.frontmatter.url.trim());
  const sidebars = createSectionSidebars({
    site,
    elsewhere,
    operations,
    ...(withDefaults.renderIcon ? { renderIcon: withDefaults.renderIcon } : {}),
    sharedOver: input.sharedSidebarOver ?? Infinity,
    folder: `${ASSET_FOLDER}/nav`,
  });
  let shell: Map<string, string | Uint8Array> | undefined;
  // The style sheet and the scripts, apart from the search index and the shared sidebars, which
  // take every page: `quire dev` asks for them after each save, with a renderer of the site as it is.
  const plainShell = memo(() => {
    const files = new Map<string, string | Uint8Array>();
    files.set(
      `${ASSET_FOLDER}/site.css`,
      `${input.componentCss ?? COMPONENT_CSS}\n${SITE_CSS}${input.search ? `\n${SEARCH_CSS}` : ''}${input.assistant ? `\n${ASSISTANT_CSS}` : ''}`,
    );
    files.set(
      `${ASSET_FOLDER}/site.js`,
      `${SITE_SCRIPT}\n${input.componentScript ?? CLIENT_SCRIPT}${input.search ? `\n${SEARCH_SCRIPT}` : ''}${input.assistant ? `\n${ASSISTANT_SCRIPT}` : ''}`,
    );
    if (input.mermaidScript !== undefined) files.set(MERMAID_FILE, input.mermaidScript);
    if (input.playgroundScript !== undefined) files.set(PLAYGROUND_FILE, input.playgroundScript);
    return files;
  });
  const searchIndex = memo(() => `${JSON.stringify(searchEntries(input.search as CompiledSearchText, titles))}\n`);
  const agents = agentFilesOf(input, [...pages.values()], endpoints);
  return {
    agentFiles: () => [...agents.keys()],
    agentFile: (path) => agents.get(path)?.() ?? Promise.resolve(undefined),
    hrefs: () => [...pages.keys()],
    async mayHaveDiagram(href) {
      const file = pages.get(href)?.file;
      const text = file === undefined ? undefined : await input.readPage(file);
      return text !== undefined && mayDrawDiagram(text);
    },
    async mayHaveIslands(href) {
      const file = pages.get(href)?.file;
      if (code === undefined || file === undefined) return false;
      const text = await input.readPage(file);
      if (text === undefined) return false;
      // A legacy <Snippet file> brings a snippet's code in: drawn first, as its islands are not known before.
      if (/^[ \t]*<Snippet\s+file=/m.test(text)) return true;
      // Only a page whose code (or a module it imports) uses hooks or handlers: one that imports
      // MDX snippets alone (each page of the generated 25,000-page site) is not rendered twice.
      return /^[ \t]*(?:import|export)\s/m.test(text) && (await code.mayHaveIslands(file, text, input.content.get(file)));
    },
    async page(href) {
      const page = pages.get(href);
      if (page === undefined) return undefined;
      const url = elsewhere.get(href);
      if (url !== undefined) return { html: redirectPage({ source: href, destination: url }), ...(page.file !== undefined ? { file: page.file } : {}) };
      const rendered = await renderOnePage(withDefaults, settings, page, endpoints.get(page.href), titles, head, elsewhere, sidebars, code);
      return { ...rendered, ...(page.file !== undefined ? { file: page.file } : {}) };
    },
    first: () => firstHref(site.navigation.root) ?? pages.keys().next().value,
    redirect(href) {
      const redirect = site.redirects.find((candidate) => !/[:*]/.test(candidate.source) && candidate.source.replace(/\/+$/, '') === href);
      return redirect ? { location: redirect.href ?? redirect.destination, html: redirectPage(redirect) } : undefined;
    },
    notFound: () => notFoundPage(withDefaults, settings, head, operations),
    shellFiles() {
      // The islands' scripts grow with the pages rendered (`quire dev` renders on request).
      if (shell) return code ? new Map([...shell, ...code.clientFiles()]) : shell;
      shell = new Map(plainShell());
      if (input.search) shell.set(SEARCH_INDEX, searchIndex());
      for (const [path, content] of sidebars.files([...pages.values()].map((page) => page.section))) shell.set(path, content);
      return code ? new Map([...shell, ...code.clientFiles()]) : shell;
    },
    shellFile(path) {
      if (shell) return shell.get(path) ?? code?.clientFiles().get(path);
      const plain = plainShell().get(path);
      if (plain !== undefined) return plain;
      if (path === SEARCH_INDEX) return input.search ? searchIndex() : undefined;
      if (path.startsWith(`${ASSET_FOLDER}/nav/`)) return this.shellFiles().get(path);
      return code?.clientFiles().get(path);
    },
  };
}

/** Whether a page's MDX may draw a Mermaid diagram: it names mermaid (a fence, `<Mermaid>`). */
function mayDrawDiagram(text: string): boolean {
  return /mermaid/i.test(text);
}

/** Mermaid's browser bundle in a site built with it. */
const MERMAID_FILE = `${ASSET_FOLDER}/mermaid.min.js`;
const PLAYGROUND_FILE = `${ASSET_FOLDER}/playground.js`;

/** The page a static host serves for any URL without a file. */
const NOT_FOUND_FILE = '404.html';

/** The search index of a site built with its text. */
const SEARCH_INDEX = `${ASSET_FOLDER}/search.json`;

/**
 * The file of a URL path in the output folder: `/` is `index.html`, `/guides/setup` is
 * `guides/setup.html`. Undefined for a path that cannot be a file there (`..`, an empty part,
 * a character file systems refuse).
 */
export function htmlFileOf(href: string): string | undefined {
  return pageFileOf(href, 'html');
}

/** Each page once (the first entry of one listed in several sections), then the endpoint pages no entry lists (`x-hidden`). */
function uniquePages(site: CompiledSite): CompiledPage[] {
  const seen = new Set<string>();
  const pages: CompiledPage[] = [];
  for (const page of site.pages) {
    if (seen.has(page.href)) continue;
    seen.add(page.href);
    pages.push(page);
  }
  for (const endpoint of site.endpoints) {
    if (seen.has(endpoint.href)) continue;
    seen.add(endpoint.href);
    pages.push({ href: endpoint.href, kind: endpoint.kind, title: endpoint.title, section: {}, breadcrumbs: [], hidden: true });
  }
  return pages;
}

/** The parts of every page's head that come from the site. */
interface HeadParts {
  /** `<html>` attributes. */
  htmlAttributes: string;
  /** Links, styles and scripts. */
  tags: string;
}

function headParts(input: StaticSiteInput, settings: DocsConfig): HeadParts {
  // `data-root` is the site's root as the page sees it (`../` once written relative): the scripts resolve the search index's URLs and, opened from disk, the links against it.
  const attributes = [`lang="${escapeHtml(settings.seo?.metatags?.['og:locale']?.slice(0, 2) ?? 'en')}"`, 'data-root="/"'];
  attributes.push(`data-appearance="${settings.appearance?.default ?? 'system'}"`);
  if (settings.appearance?.strict) attributes.push('data-strict=""');
  if (input.mermaidScript !== undefined) attributes.push(`data-mermaid="/${ASSET_FOLDER}/mermaid.min.js"`);
  if (input.playgroundScript !== undefined) attributes.push(`data-playground="/${PLAYGROUND_FILE}"`);
  if (input.playgroundProxy !== undefined) attributes.push(`data-playground-proxy="${escapeHtml(input.playgroundProxy)}"`);
  if (input.search) attributes.push(`data-search="/${SEARCH_INDEX}"`);
  if (input.assistant) {
    attributes.push(`data-assistant="${escapeHtml(input.assistant.url)}"`);
    attributes.push(`data-assistant-project="${escapeHtml(input.assistant.project)}"`, `data-assistant-key="${escapeHtml(input.assistant.key)}"`);
  }
  const tags: string[] = [];
  const favicon = settings.favicon;
  // No favicon: an empty one, so the browser does not ask for /favicon.ico (a 404 and a console error on every page).
  if (!favicon) tags.push('<link rel="icon" href="data:,">');
  else if (typeof favicon === 'string') tags.push(`<link rel="icon" href="${escapeHtml(assetUrl(favicon))}">`);
  else {
    tags.push(`<link rel="icon" href="${escapeHtml(assetUrl(favicon.light))}" media="(prefers-color-scheme: light)">`);
    tags.push(`<link rel="icon" href="${escapeHtml(assetUrl(favicon.dark))}" media="(prefers-color-scheme: dark)">`);
  }
  const fonts = googleFontsUrl(settings);
  if (fonts) tags.push(`<link rel="stylesheet" href="${escapeHtml(fonts)}">`);
  tags.push(`<link rel="stylesheet" href="/${ASSET_FOLDER}/site.css">`);
  tags.push(`<style>${themeCss(settings).replace(/<\//g, '<\\/')}</style>`);
  // The platform adds every .css and .js file of the site to every page.
  for (const file of input.site.staticFiles) {
    if (/\.css$/i.test(file)) tags.push(`<link rel="stylesheet" href="${escapeHtml(assetUrl(file))}">`);
  }
  tags.push(`<script>${THEME_SCRIPT}</script>`);
  tags.push(`<script src="/${ASSET_FOLDER}/site.js" defer></script>`);
  for (const file of input.site.staticFiles) {
    if (/\.js$/i.test(file)) tags.push(`<script src="${escapeHtml(assetUrl(file))}" defer></script>`);
  }
  return { htmlAttributes: attributes.join(' '), tags: tags.join('') };
}

interface RenderedPage {
  html: string;
  failure?: StaticSiteFailure;
}

async function renderOnePage(
  input: StaticSiteInput,
  settings: DocsConfig,
  page: CompiledPage,
  endpoint: EndpointPage | undefined,
  titles: ReadonlyMap<string, string>,
  head: HeadParts,
  elsewhere: ReadonlyMap<string, string>,
  sidebars: SectionSidebars,
  code?: SiteCode,
): Promise<RenderedPage> {
  const navigation = sidebars.navigation(page.section);
  const pageSettings = input.docsConfig ? { ...settings, ...languageParts(settingsForLanguage(input.docsConfig, page.section.language)) } : settings;
  const frontmatter = page.frontmatter ?? {};
  const description = page.description;
  const shellPage: ShellPage = {
    href: page.href,
    title: page.title,
    ...(description !== undefined && !(endpoint && page.file === undefined && longDescription(description)) ? { description } : {}),
    ...(frontmatter.icon !== undefined ? { icon: frontmatter.icon } : {}),
    breadcrumbs: page.breadcrumbs,
    ...(page.previous ? { previous: { href: elsewhere.get(page.previous) ?? page.previous, title: titles.get(page.previous) ?? page.previous } } : {}),
    ...(page.next ? { next: { href: elsewhere.get(page.next) ?? page.next, title: titles.get(page.next) ?? page.next } } : {}),
    headings: page.headings ?? [],
    ...(typeof frontmatter.mode === 'string' ? { mode: frontmatter.mode } : {}),
  };
  let body: ReactNode = null;
  let failure: StaticSiteFailure | undefined;
  // The languages of an endpoint's request samples (Go, C#, ...): highlighted in its right column.
  if (endpoint) await prepareRender({ languages: endpoint.codeSamples.map((sample) => sample.language) });
  if (page.file !== undefined) {
    const text = await input.readPage(page.file);
    const facts = input.content.get(page.file);
    if (text === undefined) failure = { stage: 'read', href: page.href, file: page.file, message: `${page.file} could not be read` };
    else {
      // The languages of its code blocks, KaTeX and the icons: rendering cannot load them.
      await prepareRender({ pages: [text] });
      const loaded = code ? await code.page(page.file, text, facts, { ...sharedBuiltIns(), ...input.components }) : undefined;
      // And those of the MDX snippets it imports: loaded after the first draw, they made a second.
      if (loaded?.ok) await prepareRender({ languages: loaded.languages });
      const content =
        loaded?.ok === false
          ? undefined
          : pageContent(
              {
                text,
                facts: facts ?? { frontmatter: page.frontmatter ?? null, headings: [] },
                ...(input.components ? { components: input.components } : {}),
                // The headings of the snippets it renders numbered over the page, as the anchor check does.
                file: page.file,
                pages: input.content,
              } as Parameters<typeof pageContent>[0],
              loaded?.Content,
            );
      if (loaded?.ok === false) failure = { stage: 'compile', href: page.href, file: page.file, ...siteCodeMessage(page.file, loaded.error) };
      else if (content?.ok) body = content.element;
      else if (content) failure = { ...content.error, href: page.href, file: page.file };
      // A syntax error as the checks report it (the reference parser's message and place, as in
      // `quire validate` and the banner of `quire dev`), not as the parser that compiled it says.
      const syntax = facts?.diagnostics.find((diagnostic) => diagnostic.code === 'content/syntax');
      if (failure?.stage === 'compile' && syntax !== undefined) {
        const { line: _line, column: _column, ...rest } = failure;
        failure = {
          ...rest,
          message: syntax.message,
          ...(syntax.line !== undefined ? { line: syntax.line } : {}),
          ...(syntax.column !== undefined ? { column: syntax.column } : {}),
        };
      }
    }
  }
  const markdown = (text: string) => markdownBlock(text, input.components ? { ...sharedBuiltIns(), ...input.components } : sharedBuiltIns());
  const draw = (content: ReactNode) =>
    endpoint
      ? h(EndpointReference, {
          endpoint,
          markdown,
          playground: {
            ...(pageSettings.api?.playground?.proxy !== undefined ? { proxy: pageSettings.api.playground.proxy } : {}),
            ...(pageSettings.api?.examples ? { examples: pageSettings.api.examples } : {}),
          },
          ...(page.file !== undefined ? { children: h('div', null, content) } : {}),
        })
      : h('div', { className: 'prose' }, content);
  // The section's sidebar, drawn once for all its pages (the icons it draws loaded).
  await prepareIcons();
  const sidebar = sidebarDrawn(sidebars.sidebar(page.section, page.href));
  const shell = (content: ReactNode) =>
    renderToString(
      h(
        SiteShell,
        { settings: pageSettings, navigation, page: shellPage, markdown, sidebar, ...(input.renderIcon ? { renderIcon: input.renderIcon } : {}) },
        content,
      ),
    );
  let html: string;
  takeMissedLanguages();
  try {
    html = shell(draw(failure ? errorBox(failure) : body));
    // Code in languages the page's fences do not name (a snippet's, a component's, an endpoint's
    // samples): those languages loaded, the page is drawn again.
    const missed = takeMissedLanguages();
    if (missed.length > 0 && (await prepareRender({ languages: missed })).highlighting) html = shell(draw(failure ? errorBox(failure) : body));
  } catch (error) {
    failure = {
      stage: 'render',
      href: page.href,
      ...(page.file !== undefined ? { file: page.file } : {}),
      message: error instanceof Error ? error.message : String(error),
    };
    // The endpoint's own descriptions may be what threw: the error alone, in the shell; and when
    // the shell itself throws (a value of docs.json it cannot draw), the error alone.
    try {
      html = shell(h('div', { className: 'prose' }, errorBox(failure)));
    } catch {
      html = renderToString(h('main', { className: 'prose' }, errorBox(failure)));
    }
  }
  const islands = code ? islandScripts(code.scriptsOf(html)) : '';
  if (code && page.file !== undefined) code.release(page.file);
  return {
    html: documentHtml(
      settings,
      page.title,
      pageMeta(settings, page),
      head,
      html + islands,
      navigation.levels.some((level) => level.kind === 'tab'),
    ),
    ...(failure ? { failure } : {}),
  };
}

/** The scripts of a page's islands (React, then the site's modules), run in order once the page is read. */
function islandScripts(paths: readonly string[]): string {
  return paths.map((path) => `<script src="${escapeHtml(assetUrl(encodeURI(path)))}" defer></script>`).join('');
}

/** A failure of the site's code as the page shows it: the page's own file needs no name, another's (a snippet's) does. */
function siteCodeMessage(pageFile: string, error: SiteCodeError): Pick<StaticSiteFailure, 'message' | 'line' | 'column'> {
  const { file, ...place } = error;
  if (file === pageFile) return place;
  const at = error.line !== undefined ? `:${error.line}${error.column !== undefined ? `:${error.column}` : ''}` : '';
  return { message: `${file}${at} ${error.message}` };
}

/** A description written in Markdown, compiled as MDX; its text in paragraphs when it does not compile. */
function markdownBlock(text: string, components: MdxComponents): ReactNode {
  // An OpenAPI description is CommonMark: `{domain}` there is text, not an MDX expression (code
  // spans and fences, matched first, keep theirs as written).
  const compiled = compileMdx(text.replace(/(`+)[\s\S]*?\1|[{}]/g, (match) => (match === '{' || match === '}' ? `\\${match}` : match)));
  if (compiled.ok) return h(compiled.page.Content, { components });
  return text.split(/\n{2,}/).map((paragraph, index) => h('p', { key: index }, paragraph));
}

function errorBox(failure: StaticSiteFailure): ReactNode {
  const place = failure.line !== undefined ? `:${failure.line}${failure.column !== undefined ? `:${failure.column}` : ''}` : '';
  return h(
    'div',
    { className: 'render-error', role: 'alert' },
    h(
      'strong',
      null,
      failure.stage === 'compile' ? 'This page does not compile' : failure.stage === 'read' ? 'This page could not be read' : 'This page failed to render',
    ),
    h('pre', null, `${failure.file ?? failure.href}${place}: ${failure.message}`),
  );
}

/** The head's tags of one page: description, Open Graph and Twitter tags (docs.json's, then the page's), robots. */
function pageMeta(settings: DocsConfig, page: CompiledPage): string {
  const tags = new Map<string, string>();
  const frontmatter = (page.frontmatter ?? {}) as Record<string, unknown>;
  const title = typeof frontmatter['og:title'] === 'string' ? frontmatter['og:title'] : page.title;
  if (page.description) tags.set('description', page.description);
  tags.set('og:title', title);
  tags.set('og:site_name', settings.name);
  tags.set('og:type', 'website');
  if (page.description) tags.set('og:description', page.description);
  for (const [key, value] of Object.entries(settings.seo?.metatags ?? {})) if (typeof value === 'string') tags.set(key, value);
  for (const [key, value] of Object.entries(frontmatter)) {
    if ((key.startsWith('og:') || key.startsWith('twitter:')) && (typeof value === 'string' || typeof value === 'number')) tags.set(key, String(value));
  }
  const noindex = frontmatter.noindex === true || frontmatter.noindex === 'true' || (page.hidden === true && settings.seo?.indexing !== 'all');
  if (noindex && frontmatter.noindex !== false) tags.set('robots', 'noindex');
  if (typeof frontmatter.robots === 'string') tags.set('robots', frontmatter.robots);
  return [...tags]
    .map(([key, value]) =>
      /^(?:og|article|profile|book|music|video|fb):/.test(key)
        ? `<meta property="${escapeHtml(key)}" content="${escapeHtml(value)}">`
        : `<meta name="${escapeHtml(key)}" content="${escapeHtml(value)}">`,
    )
    .join('');
}

function documentHtml(settings: DocsConfig, title: string, meta: string, head: HeadParts, body: string, hasTabs: boolean): string {
  const fullTitle = title === settings.name ? title : `${title} - ${settings.name}`;
  return (
    `<!DOCTYPE html><html ${head.htmlAttributes}${hasTabs ? ' class="has-tabs"' : ''}><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(fullTitle)}</title>${meta}${head.tags}</head>` +
    `<body>${body}</body></html>\n`
  );
}

function notFoundPage(input: StaticSiteInput, settings: DocsConfig, head: HeadParts, operations: ReadonlyMap<string, PageOperation>): string {
  const navigation = pageNavigation(input.site, {}, new Map(), operations);
  const body = renderToString(
    h(
      SiteShell,
      {
        settings,
        navigation,
        page: { href: '/404', title: 'Page not found', breadcrumbs: [], headings: [] },
        ...(input.renderIcon ? { renderIcon: input.renderIcon } : {}),
      },
      h(
        'div',
        { className: 'prose not-found' },
        h('p', { className: 'code' }, '404'),
        h('p', null, 'There is no page at this address. It may have moved, or the link may be mistyped.'),
        h('p', null, h('a', { href: '/' }, `Back to ${settings.name}`)),
      ),
    ),
  );
  return documentHtml(
    settings,
    'Page not found',
    '<meta name="robots" content="noindex">',
    head,
    body,
    navigation.levels.some((level) => level.kind === 'tab'),
  );
}

/** A page that forwards at once to where the redirect leads (a static host that reads `_redirects` never serves it). */
function redirectPage(redirect: CompiledRedirect): string {
  const target = escapeHtml(redirect.href ?? redirect.destination);
  return (
    `<!DOCTYPE html><html lang="en" data-root="/"><head><meta charset="utf-8"><title>Redirecting…</title>` +
    `<link rel="canonical" href="${target}"><script>${FORWARD_ON_DISK_SCRIPT}</script>` +
    `<meta http-equiv="refresh" content="0; url=${target}"><meta name="robots" content="noindex">` +
    `</head><body><p>This page has moved to <a href="${target}">${target}</a>.</p></body></html>\n`
  );
}

/**
 * docs.json's redirects as a `_redirects` file (one `source destination status` a line, as
 * Netlify and Cloudflare Pages read it): a trailing `:name*` is their `*`, given on as `:splat`.
 */
export function redirectsFile(redirects: readonly CompiledRedirect[]): string {
  const lines: string[] = [];
  for (const redirect of redirects) {
    let source = redirect.source;
    let destination = redirect.destination;
    const splat = /\/:([A-Za-z_]\w*)\*$/.exec(source);
    if (splat) {
      source = `${source.slice(0, splat.index)}/*`;
      destination = destination.split(`:${splat[1]}*`).join(':splat');
    }
    if (/\s/.test(source) || /\s/.test(destination)) continue;
    lines.push(`${source} ${destination} ${redirect.permanent === false ? 302 : 301}`);
  }
  return `${lines.join('\n')}\n`;
}
