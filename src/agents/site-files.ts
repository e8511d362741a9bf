import type { CompiledPage, CompiledSite } from '../build/types.js';
import type { DocsConfig } from '../config/schemas/docs-config.js';
import { customHeadingIds, parseWithReference, type MdxParser } from '../content/dialect.js';
import type { EndpointPage } from '../openapi/types.js';
import { endpointMarkdown } from './endpoint-markdown.js';
import { markdownOf, pageMarkdown } from './page-markdown.js';

/** What the files for agents are made from: the compiled site, its endpoint pages, and a reader of page files. */
export interface AgentFilesInput {
  site: CompiledSite;
  /** The page model of every endpoint page (`Site.endpointPages`). */
  endpointPages: readonly EndpointPage[];
  /** The MDX of a page file (relative to the site folder), or undefined when it cannot be read. */
  readPage(file: string): Promise<string | undefined>;
  /** The parser of the platform's dialect (satteri in Node); default the reference parser. */
  parse?: MdxParser;
  /**
   * The file of the site an import of a page names (`/snippets/intro.mdx` from `guides/setup.mdx`),
   * or undefined (`resolveImportFile` over the site's files): the MDX snippets a page imports are
   * written out in its Markdown. Without it, only their elements' own text is.
   */
  snippetFile?(source: string, from: string): string | undefined;
}

/** The settings of docs.json these files read. */
function settingsOf(site: CompiledSite): Pick<DocsConfig, 'name' | 'description' | 'seo'> {
  return site.settings as Pick<DocsConfig, 'name' | 'description' | 'seo'>;
}

/**
 * The file a page's Markdown is served from: `/` is `index.md`, `/guides/setup` is
 * `guides/setup.md`. Undefined for a URL path no file can have (see {@link pageFileOf}).
 */
export function markdownFileOf(href: string): string | undefined {
  return pageFileOf(href, 'md');
}

/**
 * The file a page at `href` is written as, with `extension` (`html`, `md`): `/` is
 * `index.<extension>`, `/guides/setup` (or `/guides/setup/`) `guides/setup.<extension>`.
 * Undefined for a URL path no file can have: `..`, a character a file name cannot hold on
 * Windows, a part longer than 200 characters, a bad escape.
 */
export function pageFileOf(href: string, extension: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(href.replace(/[?#].*$/, ''));
  } catch {
    return undefined;
  }
  path = path.replace(/^\/+|\/+$/g, '');
  if (path === '') return `index.${extension}`;
  if (path.split('/').some((part) => part === '' || part === '.' || part === '..' || /[\\\0<>:"|?*]/.test(part) || part.length > 200)) return undefined;
  return `${path}.${extension}`;
}

/**
 * The site's own URL, where docs.json names it: `seo.metatags.canonical` (the platform's way to
 * name the domain a site is served at), without a trailing `/`. Undefined when absent or not an
 * absolute http(s) URL.
 */
export function siteUrlOf(site: CompiledSite): string | undefined {
  const canonical = settingsOf(site).seo?.metatags?.canonical?.trim();
  if (!canonical || !/^https?:\/\/[^/\s]+/i.test(canonical)) return undefined;
  return canonical.replace(/\/+$/, '');
}

/** A page's Markdown (`<page>.md`): an MDX page's body written out, an endpoint page as an API reference. */
export async function pageMarkdownOf(input: AgentFilesInput, page: CompiledPage, endpoint?: EndpointPage): Promise<string> {
  const title = page.title;
  const description = page.description;
  const text = page.file !== undefined ? await input.readPage(page.file) : undefined;
  const snippets = text !== undefined && page.file !== undefined ? await snippetsOf(input, text, page.file) : new Map<string, string>();
  const options = { ...(input.parse ? { parse: input.parse } : {}), ...(snippets.size > 0 ? { snippets } : {}) };
  if (endpoint) {
    let body = '';
    if (text !== undefined) body = withoutHead(pageMarkdown(text, { title, ...options }));
    else if (endpoint.content) body = contentMarkdown(endpoint.content, input.parse);
    return endpointMarkdown(endpoint, { title, ...(description ? { description } : {}), ...(body ? { body } : {}) });
  }
  if (text === undefined) return `# ${title}\n`;
  return pageMarkdown(text, { title, ...(description ? { description } : {}), ...options });
}

// A default import (`import Intro from '/snippets/intro.mdx'`): how a page names an MDX snippet.
const DEFAULT_IMPORT = /^[ \t]*import\s+([A-Za-z_$][\w$]*)\s+from\s+["']([^"'\n]+)["']/gm;

/**
 * The MDX snippets `text` imports, by the name it gives each, and theirs (3 levels down), each
 * file once: the texts {@link pageMarkdown} writes out where they are used.
 */
async function snippetsOf(
  input: AgentFilesInput,
  text: string,
  from: string,
  found = new Map<string, string>(),
  seen = new Set<string>([from]),
  depth = 0,
): Promise<Map<string, string>> {
  if (input.snippetFile === undefined || depth > 3) return found;
  for (const match of text.matchAll(DEFAULT_IMPORT)) {
    const [, name, source] = match as unknown as [string, string, string];
    const file = found.has(name) ? undefined : input.snippetFile(source, from);
    if (file === undefined || !/\.mdx?$/i.test(file) || seen.has(file)) continue;
    seen.add(file);
    const snippet = await input.readPage(file);
    if (snippet === undefined) continue;
    found.set(name, snippet);
    await snippetsOf(input, snippet, file, found, seen, depth + 1);
  }
  return found;
}

function contentMarkdown(content: string, parse: MdxParser | undefined): string {
  try {
    const source = customHeadingIds(content).text;
    return markdownOf((parse ?? parseWithReference)(source), source);
  } catch {
    return content;
  }
}

/** The Markdown of {@link pageMarkdown} without its `#` title and description quote. */
function withoutHead(markdown: string): string {
  return markdown.replace(/^# [^\n]*\n\n(?:> [^\n]*\n\n)?/, '');
}

/** The pages agents are pointed at: each URL once, in reading order, without hidden and unlisted pages. */
export function listedPages(site: CompiledSite): CompiledPage[] {
  const seen = new Set<string>();
  const pages: CompiledPage[] = [];
  for (const page of site.pages) {
    if (page.hidden || page.unlisted || seen.has(page.href)) continue;
    seen.add(page.href);
    pages.push(page);
  }
  return pages;
}

/**
 * `llms.txt` (llmstxt.org): the site's name as `#`, its description as a quote, then a section per
 * part of the navigation (the labels above the pages: tab, group...), each page a link to its
 * Markdown with its description. Links are to `<siteUrl>/<page>.md` when the site's URL is known,
 * else from the root of where the site is served (`base`, default `/`).
 */
export function llmsTxt(site: CompiledSite, options: { siteUrl?: string; base?: string } = {}): string {
  const { name, description } = settingsOf(site);
  const out = [`# ${oneLine(name)}`];
  if (description?.trim()) out.push(`> ${oneLine(description)}`);
  const sections = new Map<string, string[]>();
  for (const page of listedPages(site)) {
    const file = markdownFileOf(page.href);
    if (file === undefined) continue;
    const heading = page.breadcrumbs.filter((label) => label.trim() !== '').join(' › ') || 'Pages';
    const line = `- [${linkText(page.sidebarTitle ?? page.title)}](${urlOf(file, options)})${page.description?.trim() ? `: ${oneLine(page.description)}` : ''}`;
    const lines = sections.get(heading) ?? [];
    lines.push(line);
    sections.set(heading, lines);
  }
  for (const [heading, lines] of sections) out.push(`## ${oneLine(heading)}`, lines.join('\n'));
  return `${out.join('\n\n')}\n`;
}

/**
 * `llms-full.txt`: the site's name and description, then the Markdown of every page of
 * {@link llmsTxt}, in the same order, each after a rule and the URL it is served at.
 * `markdownOfPage` gives a page's Markdown (default {@link pageMarkdownOf}): a build that writes
 * each page's `.md` too makes each once.
 */
export async function llmsFullTxt(
  input: AgentFilesInput,
  options: { siteUrl?: string; base?: string } = {},
  markdownOfPage?: (page: CompiledPage) => Promise<string>,
): Promise<string> {
  const { site } = input;
  const endpoints = endpointsByUrl(input.endpointPages);
  const markdownOf = markdownOfPage ?? ((page: CompiledPage) => pageMarkdownOf(input, page, endpoints.get(page.href)));
  const { name, description } = settingsOf(site);
  const out = [`# ${oneLine(name)}`];
  if (description?.trim()) out.push(`> ${oneLine(description)}`);
  for (const page of listedPages(site)) {
    const file = markdownFileOf(page.href);
    if (file !== undefined) out.push('---', `Source: ${urlOf(file, options)}`, (await markdownOf(page)).trim());
  }
  return `${out.join('\n\n')}\n`;
}

/** The endpoint pages by URL path. */
export function endpointsByUrl(endpointPages: readonly EndpointPage[]): Map<string, EndpointPage> {
  const byUrl = new Map<string, EndpointPage>();
  for (const endpoint of endpointPages) if (!byUrl.has(endpoint.url)) byUrl.set(endpoint.url, endpoint);
  return byUrl;
}

/**
 * `sitemap.xml` of a site whose URL is known: every page search engines may index, as the
 * platform chooses them (`seo.indexing`: the navigation's pages by default, every page with
 * `all`), without the pages whose frontmatter says `noindex`.
 */
export function sitemapXml(site: CompiledSite, siteUrl: string): string {
  const all = settingsOf(site).seo?.indexing === 'all';
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const page of site.pages) {
    if (seen.has(page.href) || (!all && (page.hidden || page.unlisted))) continue;
    seen.add(page.href);
    if (page.frontmatter?.noindex === true) continue;
    urls.push(`  <url><loc>${escapeXml(`${siteUrl}${page.href === '/' ? '/' : page.href}`)}</loc></url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}${urls.length > 0 ? '\n' : ''}</urlset>\n`;
}

/** `robots.txt` that lets every crawler in and names the sitemap. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/**
 * The URLs a `llms.txt` (the site's own or Quire's) or `sitemap.xml` names that lead into the
 * site: paths from the site's root (`/guides/setup.md`), the site's URL and `base` taken off;
 * links elsewhere are left out. With `listed`, only the link that starts each item of a list (the
 * page `llmsTxt` lists), not those of the descriptions after it, which are the authors' own text.
 */
export function siteUrlsIn(text: string, options: { siteUrl?: string; base?: string; listed?: boolean } = {}): string[] {
  const found = new Set<string>();
  const links = options.listed ? /^- \[(?:\\.|[^\]\\])*\]\(\s*<?([^)\s>]+)>?\s*\)/gm : /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
  const candidates = [...text.matchAll(links), ...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] as string);
  const base = (options.base ?? '/').replace(/\/?$/, '/');
  for (const raw of candidates) {
    let url = raw.replaceAll('&amp;', '&').split(/[?#]/)[0] as string;
    if (options.siteUrl && url.toLowerCase().startsWith(options.siteUrl.toLowerCase())) url = url.slice(options.siteUrl.length) || '/';
    else if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) continue;
    if (!url.startsWith('/')) continue;
    if (base !== '/' && url.startsWith(base)) url = url.slice(base.length - 1);
    found.add(url);
  }
  return [...found];
}

function urlOf(file: string, options: { siteUrl?: string; base?: string }): string {
  const path = encodeURI(file);
  if (options.siteUrl) return `${options.siteUrl}/${path}`;
  const base = (options.base ?? '/').replace(/\/?$/, '/');
  return `${base}${path}`;
}

function linkText(text: string): string {
  return oneLine(text).replace(/([[\]\\])/g, '\\$1');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
