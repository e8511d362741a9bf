import { createElement as h, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageFacts } from '../content/index.js';
import { BASE_CSS, builtInComponents } from './components.js';
import { compileMdx, markdownHeadingIds, referenceReads, type CompiledMdx, type MdxCompileError, type MdxComponents } from './mdx.js';
import { PageIds } from './ids.js';
import { pageWideHeadings } from './page-heading-ids.js';

/** What {@link renderPageHtml} needs of a page. */
export interface RenderPageInput {
  /** The page's MDX, frontmatter included. */
  text: string;
  /**
   * Its facts (`readPage`): the frontmatter's title and description, the heading ids, and the
   * components it uses (those the page neither imports nor defines, and that are not built in,
   * render nothing, as on the platform: Quire warns `content/dropped-component`).
   */
  facts: Pick<PageFacts, 'frontmatter' | 'headings'> & Partial<Pick<PageFacts, 'components' | 'diagnostics'>>;
  /** Components added to (or replacing) the built-ins: the site's snippets, later. */
  components?: MdxComponents;
  /**
   * The page's file and the facts of the site's pages and snippets by file (`Site.content`): with
   * them, the headings of the MDX snippets the page renders get their ids over the whole page, as
   * the anchor check computes them (see `renderedPage`). Without them, each file's own.
   */
  file?: string;
  pages?: ReadonlyMap<string, PageFacts>;
}

/** Why a page has no HTML: it did not compile, or it threw while rendering. */
export interface RenderPageError extends MdxCompileError {
  stage: 'compile' | 'render';
}

/** What {@link renderPageHtml} returns: a document, or the reason there is none (never a throw). */
export type RenderPageResult = { ok: true; html: string } | { ok: false; error: RenderPageError };

/**
 * A page as a whole HTML document: its MDX compiled (see `compileMdx`) and rendered on the
 * server with `renderToString`, in a frame with its title and description from the frontmatter,
 * the built-in components, and the base CSS inline. No navigation, no client script yet.
 */
export function renderPageHtml(input: RenderPageInput): RenderPageResult {
  const content = pageContent(input);
  if (!content.ok) return content;
  const { title, description } = input.facts.frontmatter ?? {};
  let body: string;
  try {
    body = renderToString(
      h(
        'main',
        null,
        title === undefined ? null : h('h1', { className: 'page-title' }, title),
        description === undefined ? null : h('p', { className: 'page-description' }, description),
        content.element,
      ),
    );
  } catch (error) {
    return { ok: false, error: { stage: 'render', message: error instanceof Error ? error.message : String(error) } };
  }
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    title === undefined ? '' : `<title>${escapeHtml(title)}</title>`,
    description === undefined ? '' : `<meta name="description" content="${escapeHtml(description)}">`,
    `<style>${BASE_CSS}</style>`,
  ].join('');
  return { ok: true, html: `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>` };
}

/** What {@link pageContent} returns: the page's body as a React element, or why there is none. */
export type PageContentResult = { ok: true; element: ReactElement } | { ok: false; error: RenderPageError };

/**
 * A page's body (its MDX without the frontmatter), compiled and ready to render inside a frame:
 * the built-in components, the given ones over them, and the components that are nowhere
 * rendering nothing. Rendering it may still throw (a component of the page's own): the caller
 * renders it and catches. `loaded` is the page already compiled and run by the site's module loader.
 */
export function pageContent(input: RenderPageInput, loaded?: CompiledMdx['Content']): PageContentResult {
  // A page the site's module loader ran (`createSiteCode`) comes compiled, its imports bound.
  let Content = loaded;
  if (Content === undefined) {
    const compiled = compileMdx(input.text, { headingIds: markdownHeadingIds(input.facts.headings), referenceReads: referenceReads(input.facts) });
    if (!compiled.ok) return { ok: false, error: { stage: 'compile', ...compiled.error } };
    Content = compiled.page.Content;
  }
  const pageWide = input.file !== undefined && input.pages ? pageWideHeadings(input.file, input.pages) : undefined;
  const components: MdxComponents = { ...sharedBuiltIns(), ...input.components, ...pageWide?.components };
  // A name the page imports or defines is bound in the compiled page itself, so it never reads
  // this map: an entry here only stands for a component that is nowhere (`content/dropped-component`).
  for (const name of input.facts.components ?? []) if (/^[A-Z][\w$]*$/.test(name) && !(name in components)) components[name] = Dropped;
  // Components number their ids over the page (fields, accordions, tabs; steps and updates from
  // the facts' headings).
  const element = h(PageIds, { headings: pageWide?.headings ?? input.facts.headings }, h(Content, { components }));
  return { ok: true, element: pageWide ? pageWide.wrap(element) : element };
}

let builtIns: MdxComponents | undefined;

/** The built-in components, made once: every page is rendered with the same (a page's own are added over them). */
export function sharedBuiltIns(): MdxComponents {
  return (builtIns ??= builtInComponents());
}

/** A component the platform leaves out of the page: it renders nothing, children included. */
function Dropped(): null {
  return null;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] as string);
}
