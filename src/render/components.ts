import { createElement as h } from 'react';
import { BUILT_IN_COMPONENTS } from '../content/index.js';
import type { MdxComponents } from './mdx.js';
import type { Props } from './component-props.js';
import { Icon } from './icons.js';
import { callout, Card, Color, Column, Columns, Frame, GitHub, Panel, Prompt, Step, Steps, Tile, Tree, Update } from './components-blocks.js';
import {
  Accordion,
  AccordionGroup,
  Code,
  CodeGroup,
  Expandable,
  Latex,
  Mermaid,
  Pre,
  RequestExample,
  ResponseExample,
  Tab,
  Tabs,
  View,
  Visibility,
} from './components-interactive.js';
import { Badge, CodeBlockComponent, Heading, Link, OptimizedVideo, ParamField, PassThrough, ResponseField, Tooltip } from './components-inline.js';
import { COMPONENT_CSS } from './components-css.js';

const CALLOUTS = ['Note', 'Warning', 'Info', 'Tip', 'Check', 'Danger', 'Callout'] as const;

/**
 * A built-in component Quire does not draw: an included snippet file (`Snippet`, resolved by the
 * site's loader when it has one) and the platform's internal playground. Its children in a box
 * that names it, so that the page still renders and the gap is visible.
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
 * The components a page is rendered with: every built-in of `BUILT_IN_COMPONENTS` (see
 * docs/components.md) with the props the platform documents, and the Markdown elements Quire
 * draws itself (`pre`: highlighted code, math, Mermaid; `code`: inline math). Dotted names
 * (`Tree.Folder`) are members of their object, as MDX reads them. HTML elements (`a`, `img`)
 * render as themselves. Code is highlighted and math typeset only after `prepareRender`.
 */
export function builtInComponents(): MdxComponents {
  const components: Record<string, unknown> = {
    Card,
    CardGroup: Columns,
    Columns,
    Column,
    Tile,
    Panel,
    Frame,
    Steps,
    Step,
    Update,
    Tree,
    FileTree: Tree,
    Color,
    Prompt,
    GitHub,
    Github: GitHub,
    Tabs,
    Tab,
    CodeGroup,
    RequestExample,
    ResponseExample,
    Accordion,
    AccordionGroup,
    Expandable,
    View,
    Visibility,
    ParamField,
    Param: ParamField,
    ResponseField,
    Icon,
    Badge,
    Tooltip,
    Mermaid,
    Latex,
    Heading,
    Link,
    CodeBlock: CodeBlockComponent,
    OptimizedVideo,
    pre: Pre,
    code: Code,
  };
  for (const name of CALLOUTS) components[name] = callout(name);
  for (const name of ['MDX', 'MDXContentController', 'CustomCode', 'CustomComponent', 'DynamicCustomComponent', 'SnippetGroup', 'Variation', 'ZoomImage'])
    components[name] = PassThrough;
  // Anything else the catalogue lists (`Snippet`, `ApiPlayground`, a name added later): a placeholder.
  for (const name of BUILT_IN_COMPONENTS.keys()) {
    if (!/^[A-Z]/.test(name)) continue;
    const [root, member] = name.split('.');
    if (member === undefined) components[name] ??= placeholder(name);
    else {
      const owner = (components[root as string] ??= placeholder(root as string)) as Record<string, unknown>;
      owner[member] ??= placeholder(name);
    }
  }
  return components;
}

/**
 * The CSS of a bare page frame (used by `renderPageHtml` until the site layout replaces it) and
 * of the components ({@link COMPONENT_CSS}).
 */
export const BASE_CSS: string = `
body{margin:0;background:var(--quire-bg);color:var(--quire-fg);font-family:var(--quire-font);line-height:1.65}
main{max-width:46rem;margin:0 auto;padding:2rem 1.25rem 4rem}
.page-description{color:var(--quire-muted);font-size:1.1rem;margin-top:-.5rem}
${COMPONENT_CSS}`;
