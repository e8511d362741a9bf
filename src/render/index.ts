/**
 * quire-docs/render (issue 33): a page's MDX rendered to HTML with React 19 on the server, with
 * the platform's built-in components. `react` and `react-dom` are optional peer dependencies:
 * install them to use this entry; `shiki` (code highlighting) and `katex` (math) too, optionally.
 */
export { compileMdx, markdownHeadingIds } from './mdx.js';
export type { CompiledMdx, CompileMdxOptions, CompileMdxResult, MdxCompileError, MdxComponents } from './mdx.js';
export { renderPageHtml } from './page.js';
export type { RenderPageError, RenderPageInput, RenderPageResult } from './page.js';
export { builtInComponents, BASE_CSS } from './components.js';
export { COMPONENT_CSS } from './components-css.js';
export { CLIENT_SCRIPT, clientFeatures } from './client-script.js';
export type { ClientFeatures } from './client-script.js';
export { prepareRender } from './prepare.js';
export type { PrepareRenderOptions, RenderReadiness } from './prepare.js';
export { CodeBlock, fenceLanguages, parseCodeMeta } from './code.js';
export type { CodeBlockProps, CodeMeta } from './code.js';
export { katexAssets } from './math.js';
export { PageIds, componentIdState } from './ids.js';
export type { ComponentIdState } from './ids.js';
export { renderStaticSite, planStaticSite, createSiteRenderer, htmlFileOf, redirectsFile, SHARED_SIDEBAR_OVER } from './static-site.js';
export type {
  PlannedStaticSite,
  PlannedStaticSiteFile,
  RenderedSitePage,
  SiteRenderer,
  StaticSiteFailure,
  UnwrittenUrl,
  StaticSiteFile,
  StaticSiteInput,
  StaticSiteResult,
} from './static-site.js';
export type { SiteCodeError, SiteCodeOptions, SiteCodeTransform } from './site-code.js';
export { normalizeBase } from './base-path.js';
export { contentTypeOf, isServedFile, servedFiles } from './served-files.js';
export { searchEntries, SEARCH_CSS, SEARCH_SCRIPT, SEARCH_TEXT_CHARACTERS } from './search.js';
export type { SearchEntry } from './search.js';
export { SiteShell } from './layout.js';
export type { ShellPage, ShellSettings, SiteShellProps } from './layout.js';
export type { IconRenderer } from './layout-parts.js';
export { EndpointReference } from './endpoint.js';
export type { EndpointReferenceProps, MarkdownRenderer } from './endpoint.js';
export type { PlaygroundSettings } from './playground.js';
export type { AssistantPanelSettings } from './assistant-panel.js';
export { pageNavigation } from './site-navigation.js';
export type { PageNavigation, PageOperation, SectionLevel, SectionOption, SectionKind } from './site-navigation.js';
export { SITE_CSS, themeCss } from './site-theme.js';
export type { ThemeSettings } from './site-theme.js';
export { SITE_SCRIPT, THEME_SCRIPT } from './site-script.js';
