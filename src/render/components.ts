import { createElement as h, Children as ReactChildren, isValidElement, type ReactNode } from 'react';
import { BUILT_IN_COMPONENTS } from '../content/index.js';
import type { MdxComponents } from './mdx.js';

type Props = { children?: ReactNode; [name: string]: unknown };

const CALLOUTS = ['Note', 'Warning', 'Info', 'Tip', 'Check', 'Danger'] as const;

/** A callout: a box with its kind's label and colour (the CSS is in {@link BASE_CSS}). */
function callout(kind: string) {
  const Callout = ({ children, title }: Props) =>
    h(
      'aside',
      { className: `callout callout-${kind.toLowerCase()}`, role: 'note' },
      h('strong', { className: 'callout-label' }, typeof title === 'string' ? title : kind),
      h('div', { className: 'callout-body' }, children),
    );
  Callout.displayName = kind;
  return Callout;
}

/** A card: a box with a title, linked when it has `href`. */
function Card({ title, href, children }: Props) {
  const body = [
    typeof title === 'string' ? h('h3', { key: 'title', className: 'card-title' }, title) : null,
    h('div', { key: 'body', className: 'card-body' }, children),
  ];
  return typeof href === 'string' ? h('a', { className: 'card', href }, body) : h('div', { className: 'card' }, body);
}

function CardGroup({ cols, children }: Props) {
  const columns = typeof cols === 'number' ? cols : Number(cols) || 2;
  return h('div', { className: 'card-group', style: { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } }, children);
}

/**
 * A code group, server-rendered as every block in turn, each under its title (the code fence's
 * meta: ```bash npm``` or `title="npm"`; else its language). No tabs yet: they need the client
 * script.
 */
function CodeGroup({ children }: Props) {
  const blocks = ReactChildren.toArray(children).filter(isValidElement);
  return h(
    'div',
    { className: 'code-group' },
    blocks.map((block, index) =>
      h('figure', { key: index, className: 'code-group-item' }, h('figcaption', null, titleOf(block) ?? languageOf(block) ?? `Tab ${index + 1}`), block),
    ),
  );
}

/** The title in a code fence's meta: `title="..."`, or the words before any `{...}` or `key=value`. */
function titleOf(block: ReactNode): string | undefined {
  if (!isValidElement<{ 'data-meta'?: string }>(block)) return undefined;
  const meta = block.props['data-meta'];
  if (typeof meta !== 'string') return undefined;
  const quoted = /\btitle=(?:"([^"]*)"|'([^']*)')/.exec(meta);
  if (quoted) return quoted[1] ?? quoted[2];
  return meta.split(/\s(?=\{|\w+=)|^(?=\{|\w+=)/)[0]?.trim() || undefined;
}

function languageOf(block: ReactNode): string | undefined {
  if (!isValidElement<{ children?: ReactNode; className?: string }>(block)) return undefined;
  const code = block.props.children;
  const className = isValidElement<{ className?: string }>(code) ? code.props.className : block.props.className;
  return typeof className === 'string' ? /language-(\S+)/.exec(className)?.[1] : undefined;
}

/**
 * A built-in component this spike does not draw yet: its children in a box that names it, so the
 * page still renders (and an unimplemented component is visible in the page, not silently lost).
 */
function placeholder(name: string) {
  const Placeholder = ({ children, title }: Props) =>
    h(
      'div',
      { className: 'component-placeholder', 'data-component': name },
      typeof title === 'string' ? h('div', { className: 'component-title' }, title) : null,
      children,
    );
  Placeholder.displayName = name;
  return Placeholder;
}

/**
 * The components a page is rendered with: the built-ins drawn so far (callouts, `Card`,
 * `CardGroup`, `CodeGroup`) and a placeholder for every other name of `BUILT_IN_COMPONENTS`
 * (dotted names such as `Tree.Folder` as members of their object, as MDX reads them). HTML
 * elements (`a`, `img`, `iframe`) are left to render as themselves.
 */
export function builtInComponents(): MdxComponents {
  const components: Record<string, unknown> = {};
  for (const name of BUILT_IN_COMPONENTS.keys()) {
    // Lowercase names there are HTML elements listed for their link attributes (`a`, `img`):
    // they render as themselves.
    if (!/^[A-Z]/.test(name)) continue;
    const [root, member] = name.split('.');
    if (member === undefined) components[name] ??= placeholder(name);
    else {
      const owner = (components[root as string] ??= placeholder(root as string)) as Record<string, unknown>;
      owner[member] = placeholder(name);
    }
  }
  for (const name of CALLOUTS) components[name] = callout(name);
  components.Callout = callout('Note');
  Object.assign(components, { Card, CardGroup, Columns: CardGroup, CodeGroup });
  return components;
}

/** The CSS of the page frame and of the components above: small, no external file. */
export const BASE_CSS = `
:root{color-scheme:light;--fg:#1f2328;--muted:#59636e;--border:#d1d9e0;--accent:#0d9373;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;line-height:1.6}
body{margin:0;color:var(--fg);background:#fff}
main{max-width:46rem;margin:0 auto;padding:2rem 1.25rem 4rem}
h1,h2,h3,h4{line-height:1.25;scroll-margin-top:1rem}
a{color:var(--accent)}
pre{background:#f6f8fa;border:1px solid var(--border);border-radius:.5rem;padding:.75rem 1rem;overflow-x:auto;font-size:.875rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}
table{border-collapse:collapse;display:block;overflow-x:auto}th,td{border:1px solid var(--border);padding:.35rem .6rem}
img{max-width:100%}
.page-description{color:var(--muted);font-size:1.1rem;margin-top:-.5rem}
.callout{border:1px solid;border-radius:.75rem;padding:.75rem 1rem;margin:1rem 0}
.callout-label{display:block;font-size:.8rem;text-transform:uppercase;letter-spacing:.04em}
.callout-note{border-color:#9ec5fe;background:#f0f6ff}.callout-info{border-color:#c6c6d0;background:#f7f7f9}
.callout-tip{border-color:#a3e4c1;background:#effbf4}.callout-check{border-color:#a3e4c1;background:#effbf4}
.callout-warning{border-color:#f5d37a;background:#fffaeb}.callout-danger{border-color:#f5a3a3;background:#fff1f1}
.callout-body>:first-child{margin-top:0}.callout-body>:last-child{margin-bottom:0}
.card-group{display:grid;gap:1rem;margin:1rem 0}
.card{display:block;border:1px solid var(--border);border-radius:.75rem;padding:1rem;color:inherit;text-decoration:none}
a.card:hover{border-color:var(--accent)}.card-title{margin:0 0 .25rem;font-size:1rem}
.code-group{border:1px solid var(--border);border-radius:.5rem;padding:.5rem;margin:1rem 0}
.code-group figure{margin:0}.code-group figcaption{font-size:.8rem;color:var(--muted)}
.component-placeholder{border:1px dashed var(--border);border-radius:.5rem;padding:.5rem 1rem;margin:1rem 0}
.component-placeholder::before{content:attr(data-component);font-size:.75rem;color:var(--muted)}
@media (max-width:40rem){.card-group{grid-template-columns:1fr!important}}
`;
