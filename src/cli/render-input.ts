import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { endpointsByUrl, type AgentFilesInput } from '../agents/index.js';
import { buildSite, type BuildSiteResult } from '../build/index.js';
import type { CompiledPage } from '../build/types.js';
import type { EndpointPage } from '../openapi/types.js';
import type { DocsConfig } from '../config/schemas/docs-config.js';
import type { LoadedSite } from '../node/index.js';
import { nativeMdxParser } from '../node/native-parser.js';
import { resolveImportFile } from '../content/check-content.js';
import { servedFiles } from '../render/served-files.js';
import type { StaticSiteInput } from '../render/index.js';

/** What of a loaded site (`loadSite`) the renderer is made from. */
export type RenderedSiteSource = Pick<LoadedSite, 'root' | 'tree' | 'endpointPages' | 'files' | 'frontmatter' | 'siteFiles' | 'content'>;

/**
 * The site compiled for the renderer, as `quire build --html` and `quire dev` compile it: with the
 * pages' content (links, search text), without site.json's JSON (the renderer reads the compiled
 * site). `site.tree` must be set (the navigation compiled).
 */
export function buildForRender(site: RenderedSiteSource, config: DocsConfig): BuildSiteResult {
  return buildSite({
    config,
    tree: site.tree as NonNullable<RenderedSiteSource['tree']>,
    endpointPages: site.endpointPages,
    files: site.files,
    frontmatter: site.frontmatter,
    siteFiles: site.siteFiles,
    content: site.content,
    json: false,
  });
}

/**
 * The renderer's input for a compiled site (`quire build --html`, `quire dev`): its pages and
 * files read from the site's folder, every file the platform serves copied (see `servedFiles`),
 * the search index, docs.json's per-language parts. The caller adds the rest (`siteCode`, `base`,
 * `mermaidScript`).
 */
export function renderInputOf(site: RenderedSiteSource, built: BuildSiteResult, config: DocsConfig): StaticSiteInput {
  const siteFiles = new Set(site.files);
  return {
    site: built.site,
    endpointPages: site.endpointPages,
    content: site.content,
    readPage: (file) => readFile(path.join(site.root, file), 'utf8').catch(() => undefined),
    readStaticFile: (file) => readFile(path.join(site.root, file)).catch(() => undefined),
    // Every file the platform serves, not only those the pages name: a page's code may build their address.
    servedFiles: servedFiles(site.siteFiles),
    ...(built.search ? { search: built.search } : {}),
    docsConfig: config,
    // The pages' Markdown (<page>.md, llms-full.txt) read by satteri, as the checks read them.
    ...(nativeMdxParser() ? { markdownParser: nativeMdxParser() } : {}),
    markdownSnippetFile: (source, from) => resolveImportFile(siteFiles, source, from),
  };
}

/** What `quire mcp` and `quire serve --site` read a site's pages for agents with. */
export interface SiteForAgents {
  /** The input of `pageMarkdownOf`: pages read from the site's folder, parsed with satteri, snippets resolved. */
  agents: AgentFilesInput;
  /** The endpoint pages by URL. */
  endpoints: Map<string, EndpointPage>;
  /** Each page once, by its `href` (its first entry in reading order). */
  pages: Map<string, CompiledPage>;
}

/** A compiled site ready to be written out as Markdown for agents (see {@link SiteForAgents}). */
export function siteForAgents(site: RenderedSiteSource, built: BuildSiteResult): SiteForAgents {
  const parse = nativeMdxParser();
  const siteFiles = new Set(site.files);
  const pages = new Map<string, CompiledPage>();
  for (const page of built.site.pages) if (!pages.has(page.href)) pages.set(page.href, page);
  return {
    agents: {
      site: built.site,
      endpointPages: site.endpointPages,
      readPage: (file) => readFile(path.join(site.root, file), 'utf8').catch(() => undefined),
      ...(parse ? { parse } : {}),
      snippetFile: (source, from) => resolveImportFile(siteFiles, source, from),
    },
    endpoints: endpointsByUrl(site.endpointPages),
    pages,
  };
}
