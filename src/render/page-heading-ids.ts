import { createContext, createElement as h, useContext, type ReactElement, type ReactNode } from 'react';
import { renderedPage, type PageFacts, type PageHeading } from '../content/index.js';
import type { MdxComponents } from './mdx.js';

/**
 * The Markdown headings of a page that renders MDX snippets, with the ids Quire's anchor check
 * accepts. Each file (the page, each snippet) is compiled with its own headings' ids, numbered
 * within the file; the platform numbers them over the whole page as rendered (a snippet's
 * `## Setup` rendered twice is `#setup` then `#setup-2`, and a page's `## Setup` after it
 * `#setup-3`: see `renderedPage` in quire-docs/content). The heading components given here
 * replace each file's id by the page's, in the order the page renders them.
 */
export interface PageWideHeadings {
  /** The page's headings as rendered, snippets' included, in document order (for the ids of `Step`s and `Update`s). */
  headings: readonly PageHeading[];
  /** `h1` to `h6`, giving each Markdown heading its id over the page. */
  components: MdxComponents;
  /** Wraps the page's content: the page's own file, and a fresh count of the ids given, for each render. */
  wrap(children: ReactNode): ReactElement;
}

/** The file whose MDX is rendering: the page's, or that of a snippet it renders (set by the site's module loader). */
const RenderingFile = createContext<string | undefined>(undefined);

/** Renders `children` as the content of the MDX file `file` (a snippet inside the page). */
export function InMdxFile({ file, children }: { file: string; children?: ReactNode }): ReactNode {
  return h(RenderingFile.Provider, { value: file }, children);
}

/** The page's ids of each file's heading (by file and the id it has in its file), in the order rendered; the number of each given so far. */
interface IdQueues {
  ids: ReadonlyMap<string, readonly string[]>;
  given: Map<string, number>;
}

const Queues = createContext<IdQueues | undefined>(undefined);

/**
 * The headings of the page `file` over the whole page (see {@link PageWideHeadings}), from the
 * facts of the site's pages and snippets; undefined when no snippet it renders has a heading (the
 * page's own ids are then those of its file).
 */
export function pageWideHeadings(file: string, pages: ReadonlyMap<string, PageFacts>): PageWideHeadings | undefined {
  const facts = pages.get(file);
  if (!facts?.imports?.some((item) => item.rendered)) return undefined;
  const rendered = renderedPage(file, pages);
  if (!rendered || rendered.headings.every((heading) => heading.file === file)) return undefined;
  const ids = new Map<string, string[]>();
  for (const heading of rendered.headings) {
    if (heading.element !== undefined || !heading.id) continue;
    const own = pages
      .get(heading.file)
      ?.headings.find((candidate) => candidate.line === heading.line && candidate.column === heading.column && candidate.element === undefined)?.id;
    if (!own) continue;
    const key = `${heading.file}\0${own}`;
    const list = ids.get(key) ?? [];
    list.push(heading.id);
    ids.set(key, list);
  }
  const components: MdxComponents = {};
  for (const level of [1, 2, 3, 4, 5, 6]) components[`h${level}`] = pageHeading(`h${level}`);
  return {
    headings: rendered.headings,
    components,
    // A render counts from the first heading again (a page drawn twice gives the same ids).
    wrap: (children) => h(CountedIds, { ids, file }, children),
  };
}

function CountedIds({ ids, file, children }: { ids: ReadonlyMap<string, readonly string[]>; file: string; children?: ReactNode }): ReactElement {
  return h(Queues.Provider, { value: { ids, given: new Map() } }, h(RenderingFile.Provider, { value: file }, children));
}

function pageHeading(tag: string) {
  const PageHeading = ({ id, ...props }: Record<string, unknown>) => {
    const queues = useContext(Queues);
    const file = useContext(RenderingFile);
    let pageId = id;
    if (queues && file !== undefined && typeof id === 'string') {
      const key = `${file}\0${id}`;
      const count = queues.given.get(key) ?? 0;
      queues.given.set(key, count + 1);
      pageId = queues.ids.get(key)?.[count] ?? id;
    }
    return h(tag, { ...props, id: pageId });
  };
  return PageHeading;
}
