import { createContext, createElement as h, useContext, type ReactNode } from 'react';

/**
 * The right column of a page, as the platform draws it on wide screens: a `<Panel>` (which then
 * replaces the table of contents), else the request and response examples (`<RequestExample>`,
 * `<ResponseExample>`, and an endpoint page's generated samples and response examples). The
 * components that belong there register what they draw while the page renders; the shell draws
 * the column after the page (React renders a page depth first, in document order), so it sees
 * them all. On narrow screens the column is hidden and each part shows in the page's flow
 * instead, where it was written (`.side-inline`), as the platform shows them on a phone.
 */
export interface SideColumn {
  /** Parts registered so far, in the order the page wrote them. */
  readonly parts: SidePart[];
}

/** One part of the right column. */
export interface SidePart {
  kind: 'panel' | 'request' | 'response';
  /** Made from the OpenAPI document (an endpoint page's samples): a written part of the same kind replaces it. */
  generated?: boolean;
  content: ReactNode;
}

/**
 * The column of the page being rendered: a {@link SideColumn} when the shell draws one;
 * `'none'` when the page has no right column (`mode: wide`, `center`, `custom`: a `<Panel>` is
 * then left out, examples stay in the flow); `undefined` outside a site shell (a bare page,
 * where each component draws itself in place).
 */
const SideColumnContext = createContext<SideColumn | 'none' | undefined>(undefined);

/** Inside a `<Panel>`: the examples there are part of it, not parts of their own. */
const InsidePanelContext = createContext(false);

/** A fresh column for one page. */
export function sideColumn(): SideColumn {
  return { parts: [] };
}

/** Provides `column` to the components of `children` (`'none'`: the page has no right column). */
export function SideColumnScope({ column, children }: { column: SideColumn | 'none'; children?: ReactNode }): ReactNode {
  return h(SideColumnContext.Provider, { value: column }, children);
}

/**
 * Registers `content` as a part of the right column and draws what goes in its place in the
 * page: the same content, shown only where the column is not (`.side-inline`), or as it is
 * outside a shell. A panel on a page without a column draws nothing, as on the platform.
 */
export function SideSlot({ kind, generated, children }: { kind: SidePart['kind']; generated?: boolean; children?: ReactNode }): ReactNode {
  const column = useContext(SideColumnContext);
  const insidePanel = useContext(InsidePanelContext);
  const content = kind === 'panel' ? h(InsidePanelContext.Provider, { value: true }, children) : children;
  if (insidePanel || column === undefined) return content;
  if (column === 'none') return kind === 'panel' ? null : content;
  column.parts.push({ kind, ...(generated ? { generated: true } : {}), content });
  return h('div', { className: 'side-inline', 'data-side': kind, 'data-generated': generated ? '' : undefined }, content);
}

/**
 * What the right column shows, from the parts registered: a page's panels alone when it has any
 * (the platform asks that examples go inside the panel then); else its request examples then its
 * response examples, the written ones replacing the generated ones of the same kind. Empty when
 * the page registered nothing: the table of contents keeps the column.
 */
export function sideColumnContent(column: SideColumn): { panel: boolean; parts: ReactNode[] } {
  const panels = column.parts.filter((part) => part.kind === 'panel');
  if (panels.length > 0) return { panel: true, parts: panels.map((part) => part.content) };
  const shown: ReactNode[] = [];
  for (const kind of ['request', 'response'] as const) {
    const parts = column.parts.filter((part) => part.kind === kind);
    const written = parts.filter((part) => !part.generated);
    for (const part of written.length > 0 ? written : parts) shown.push(part.content);
  }
  return { panel: false, parts: shown };
}
