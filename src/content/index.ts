// `quire-docs/content`: pages read in the platform's MDX dialect, and the site checks over them.
// Browser-safe and I/O free like the core; an entry of its own so that `quire-docs` (the
// configuration compiler) does not load the Markdown parser.
export { readPage, anchorKey } from './read-page.js';
export type { PageFacts, PageHeading, PageImport, PageLink, PageLinkKind, ReadPageOptions } from './read-page.js';
export { checkContent, reachablePages, resolveImportFile } from './check-content.js';
export { renderedPage } from './rendered.js';
export type { RenderedHeading, RenderedPage } from './rendered.js';
export type { ContentSite, LinkTarget } from './check-content.js';
export { headingIds, headingSlugger } from './slug.js';
export type { HeadingIdSource } from './slug.js';
export { customHeadingIds, DIALECT } from './dialect.js';
export type { CustomHeadingIds, MdxParser } from './dialect.js';
export type { PageParsers, ReferenceOutcome } from './parse-page.js';
export { BUILT_IN_COMPONENTS, componentAnchorIds } from './components.js';
export type { ComponentSpec } from './components.js';
