import { Children, createElement as h, isValidElement, type ReactElement, type ReactNode } from 'react';
import { classes, flag, node, text, textOf, type Props } from './component-props.js';
import { Icon } from './icons.js';
import { useComponentIds } from './ids.js';
import { CodeBlock, copyButton, parseCodeMeta } from './code.js';
import { MathExpression } from './math.js';
import { INLINE_MARK } from './mdx.js';
import { SideSlot } from './side-column.js';

/**
 * What needs the client script (`CLIENT_SCRIPT`) carries a `data-quire-*` marker: tab sets
 * (`data-quire-tabs`), copy buttons (`data-quire-copy`), views (`data-quire-view`), Mermaid
 * diagrams (`data-quire-mermaid`). Everything renders on the server and reads without script:
 * the first tab is shown, accordions are `<details>`.
 */

// Tabs, and code groups drawn as tabs.

/** One tab of a {@link tabSet}. */
export interface TabItem {
  title: ReactNode;
  icon?: unknown;
  iconType?: unknown;
  id?: string;
  panel: ReactNode;
}

/** Tab buttons over panels, the first shown; `data-quire-tabs` lets the client script switch. */
export function tabSet(kind: string, items: TabItem[], extra: { header?: ReactNode; className?: string } = {}): ReactNode {
  const buttons = items.map((item, index) =>
    h(
      'button',
      {
        key: index,
        type: 'button',
        role: 'tab',
        className: 'tab',
        id: item.id,
        'aria-selected': index === 0,
        'data-quire-tab': index,
        tabIndex: index === 0 ? 0 : -1,
      },
      item.icon === undefined ? null : h(Icon, { icon: item.icon, iconType: item.iconType }),
      item.title,
    ),
  );
  return h(
    'div',
    { className: classes(kind, extra.className), 'data-quire-tabs': '' },
    h('div', { className: `${kind}-header` }, h('div', { className: 'tab-list', role: 'tablist' }, buttons), extra.header),
    items.map((item, index) => h('div', { key: index, className: 'tab-panel', role: 'tabpanel', 'data-quire-panel': index, hidden: index > 0 }, item.panel)),
  );
}

/** The `Tab`s of a `Tabs`, each with the id the anchor check gives it (or its own `id`). */
export function Tabs({ children, className }: Props) {
  const ids = useComponentIds();
  const items: TabItem[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<Props>(child)) return;
    const title = node(child.props.title) ?? `Tab ${items.length + 1}`;
    const written = text(child.props.id);
    const titleText = text(child.props.title);
    items.push({
      title,
      icon: child.props.icon,
      iconType: child.props.iconType,
      id: written ?? (titleText !== undefined && !child.props[INLINE_MARK] ? ids.tab(titleText) : undefined),
      panel: child.props.children,
    });
  });
  return tabSet('tabs', items, { className: text(className) });
}

/** A `Tab` outside `Tabs`: its title over its content. */
export function Tab({ title, children }: Props) {
  return h('section', { className: 'tab-alone' }, node(title) === undefined ? null : h('div', { className: 'tab-alone-title' }, node(title)), children);
}

/** A code block as MDX compiles it: `pre` (with `data-meta`) around `code.language-x`. */
export interface FenceParts {
  code: string;
  language?: string;
  meta?: string;
}

/** The code, language and meta of a compiled fence, or `undefined` for anything else. */
export function fenceParts(element: ReactNode): FenceParts | undefined {
  if (!isValidElement<{ children?: ReactNode; 'data-meta'?: string; className?: string }>(element)) return undefined;
  const code = element.props.children;
  if (!isValidElement<{ children?: ReactNode; className?: string }>(code)) return undefined;
  const language = /(?:^|\s)language-(\S+)/.exec(code.props.className ?? '')?.[1];
  return { code: textOf(code.props.children), language, meta: element.props['data-meta'] };
}

/**
 * Code blocks as tabs, titled by their fence meta (```bash npm``` or `title="npm"`), else their
 * language; one copy button copies the visible block. `dropdown` draws the same tabs (a menu
 * there on the platform). Children that are not code blocks get a tab of their own.
 */
export function CodeGroup({ children, className }: Props) {
  const items: TabItem[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    const fence = fenceParts(child);
    const meta = fence ? parseCodeMeta(fence.meta) : undefined;
    const title = meta?.title ?? fence?.language ?? text((child.props as Props).title) ?? text((child.props as Props).filename) ?? `Tab ${items.length + 1}`;
    items.push({
      title,
      icon: meta?.icon,
      panel: fence ? h(CodeBlock, { code: fence.code, language: fence.language, meta: fence.meta, bare: true }) : child,
    });
  });
  return tabSet('code-group', items, { header: copyButton(), className: text(className) });
}

/**
 * Request examples: a code group, in the page's right column on wide screens (see `SideSlot`),
 * where it replaces an endpoint page's generated samples; in the flow on a phone.
 */
export function RequestExample({ children }: Props) {
  return h(
    SideSlot,
    { kind: 'request' },
    h('div', { className: 'api-example request-example', 'data-quire-example': 'request' }, h(CodeGroup, null, children)),
  );
}

/** Response examples, as {@link RequestExample}: below the request examples in the right column. */
export function ResponseExample({ children }: Props) {
  return h(
    SideSlot,
    { kind: 'response' },
    h('div', { className: 'api-example response-example', 'data-quire-example': 'response' }, h(CodeGroup, null, children)),
  );
}

// Accordions and expandables: <details>, which opens without a script.

/** An accordion: `title`, `description`, `icon`, `defaultOpen`; its id from its title. */
export function Accordion({ title, description, icon, iconType, defaultOpen, id, children, [INLINE_MARK]: inline }: Props) {
  const ids = useComponentIds();
  const titleText = text(title);
  const elementId = text(id) ?? (titleText !== undefined && !inline ? ids.title('Accordion', titleText) : undefined);
  return h(
    'details',
    { className: 'accordion', id: elementId, open: flag(defaultOpen) || undefined },
    h(
      'summary',
      null,
      h('span', { className: 'accordion-chevron', 'aria-hidden': true }, h(Icon, { icon: 'chevron-right' })),
      icon === undefined ? null : h('span', { className: 'accordion-icon' }, h(Icon, { icon, iconType })),
      h(
        'span',
        { className: 'accordion-heading' },
        h('span', { className: 'accordion-title' }, node(title) ?? ''),
        node(description) === undefined ? null : h('span', { className: 'accordion-description' }, node(description)),
      ),
    ),
    h('div', { className: 'accordion-body' }, children),
  );
}

export function AccordionGroup({ children }: Props) {
  return h('div', { className: 'accordion-group' }, children);
}

/** Nested fields behind a toggle: "Show properties", or `title` ("Show child attributes"). */
export function Expandable({ title, defaultOpen, children }: Props) {
  const label = text(title) ?? 'properties';
  return h(
    'details',
    { className: 'expandable', open: flag(defaultOpen) || undefined },
    h(
      'summary',
      null,
      h('span', { className: 'accordion-chevron', 'aria-hidden': true }, h(Icon, { icon: 'chevron-right' })),
      h('span', { className: 'expandable-show' }, `Show ${label}`),
      h('span', { className: 'expandable-hide' }, `Hide ${label}`),
    ),
    h('div', { className: 'expandable-body' }, children),
  );
}

// Views and visibility.

/**
 * One of a page's alternative views (`title`, `icon`: JavaScript, Python...). Every view renders
 * under its title; the client script keeps the first shown and adds a selector for the others.
 */
export function View({ title, icon, iconType, id, children, [INLINE_MARK]: inline }: Props) {
  const ids = useComponentIds();
  const titleText = text(title) ?? '';
  const elementId = text(id) ?? (titleText && !inline ? ids.title('View', titleText) : undefined);
  return h(
    'section',
    { className: 'view', id: elementId, 'data-quire-view': titleText },
    h('div', { className: 'view-title' }, icon === undefined ? null : h(Icon, { icon, iconType }), titleText),
    children,
  );
}

/** `for="humans"`: shown in the page; `for="agents"`: left out of the HTML (for the Markdown export). */
export function Visibility({ for: audience, children }: Props) {
  return text(audience) === 'agents' ? null : h('div', { className: 'visibility' }, children);
}

// Code and math, as the MDX compiler gives them: `pre > code.language-x`, `code.math-inline`.

/**
 * A fenced block: math (`$$`, ```math), a Mermaid diagram (```mermaid: `pre.mermaid`, marked
 * `data-quire-mermaid` so the layout loads Mermaid only where there is one), else highlighted code.
 */
export function Pre(props: Props) {
  const fence = fenceParts(h('pre', props as Record<string, unknown>));
  if (!fence) return h('pre', props as Record<string, unknown>);
  const code = (props.children as ReactElement<{ className?: string }>).props.className ?? '';
  if (/\bmath-display\b/.test(code) || fence.language === 'math' || fence.language === 'latex-display')
    return h(MathExpression, { tex: fence.code, display: true });
  if (fence.language === 'mermaid') return h(Mermaid, { chart: fence.code });
  return h(CodeBlock, fence);
}

/** Inline code, or inline math (`$x$`). */
export function Code(props: Props) {
  const className = text(props.className) ?? '';
  if (/\bmath-inline\b/.test(className)) return h(MathExpression, { tex: textOf(props.children), display: false });
  return h('code', props as Record<string, unknown>);
}

/** A Mermaid diagram's source, drawn in the browser by Mermaid (loaded by the layout). */
export function Mermaid({ chart, children }: Props) {
  const source = text(chart) ?? textOf(children);
  return h('pre', { className: 'mermaid', 'data-quire-mermaid': '' }, source.trim());
}

/** TeX, typeset by KaTeX (`<Latex>\frac{1}{2}</Latex>`, or `{'...'}` to keep braces). */
export function Latex({ children, display }: Props) {
  return h(MathExpression, { tex: textOf(children), display: flag(display) });
}
