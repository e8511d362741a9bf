/**
 * quire-docs/render (issue 33, a spike): a page's MDX rendered to HTML with React 19 on the
 * server. `react` and `react-dom` are optional peer dependencies: install them to use this entry.
 */
export { compileMdx, markdownHeadingIds } from './mdx.js';
export type { CompiledMdx, CompileMdxOptions, CompileMdxResult, MdxCompileError, MdxComponents } from './mdx.js';
export { renderPageHtml } from './page.js';
export type { RenderPageError, RenderPageInput, RenderPageResult } from './page.js';
export { builtInComponents, BASE_CSS } from './components.js';
