import { createContext, createElement as h, useContext, type ReactNode } from 'react';
import { headingSlugger, type PageHeading } from '../content/index.js';
import { librarySlug, paramFieldId, titleMarkdownText } from '../content/components.js';

/**
 * The ids components give their elements on one page, in the order they render (React renders
 * a page depth first, in document order, as the platform's plugins walk it): `ParamField`s and
 * `ResponseField`s `param-<name>`, `Accordion`s and `View`s their title's slug, `Tab`s their
 * title's heading slug, each numbered on repeats, and the `Step`s and `Update`s of the table of
 * contents the ids the page's facts give them (see `componentAnchorIds` and `headingIds` in
 * quire-docs/content). One state per render: made by {@link PageIds}.
 */
export interface ComponentIdState {
  /** The next id of a field named `name`. */
  field(name: string): string;
  /** The next id of an `Accordion` or `View` titled `title`. */
  title(kind: 'Accordion' | 'View', title: string): string;
  /** The next id of a `Tab` titled `title`. */
  tab(title: string): string;
  /** The id the facts give the next `Step` or `Update` heading of the table of contents. */
  heading(element: 'Step' | 'Update'): string | undefined;
}

/** A state for one render of a page whose facts give `headings` (those of `readPage`). */
export function componentIdState(headings: readonly Pick<PageHeading, 'id' | 'element'>[] = []): ComponentIdState {
  const fields = new Map<string, number>();
  const titles = new Map<string, number>();
  const tabs = headingSlugger();
  const queues = { Step: [] as string[], Update: [] as string[] };
  for (const heading of headings) if (heading.element === 'Step' || heading.element === 'Update') queues[heading.element].push(heading.id);
  return {
    field(name) {
      const base = paramFieldId(name, 0);
      const count = fields.get(base) ?? 0;
      fields.set(base, count + 1);
      return paramFieldId(name, count);
    },
    title(kind, title) {
      const text = title.replace(':', '-');
      const base = librarySlug(kind === 'Accordion' ? titleMarkdownText(text) : text, false);
      const key = `${kind}\0${base}`;
      const count = titles.get(key) ?? 0;
      titles.set(key, count + 1);
      return count > 0 ? `${base}-${count}` : base;
    },
    tab: (title) => tabs(titleMarkdownText(title)),
    heading: (element) => queues[element].shift(),
  };
}

const IdContext = createContext<ComponentIdState | null>(null);

/**
 * Wraps a page's content so that its components number their ids over the page (see
 * {@link ComponentIdState}); without it each component slugs its own title, not numbered.
 */
export function PageIds({ headings, children }: { headings?: readonly Pick<PageHeading, 'id' | 'element'>[]; children?: ReactNode }): ReactNode {
  return h(IdContext.Provider, { value: componentIdState(headings) }, children);
}

/** Renders `children` with the id state `state`: a part of the page rendered on its own (an island's) goes on numbering the page's ids. */
export function WithComponentIds({ state, children }: { state: ComponentIdState; children?: ReactNode }): ReactNode {
  return h(IdContext.Provider, { value: state }, children);
}

/** The page's id state, or a fresh one (ids not numbered across the page) outside {@link PageIds}. */
export function useComponentIds(): ComponentIdState {
  return useContext(IdContext) ?? componentIdState();
}
