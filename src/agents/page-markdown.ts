import type { BlockContent, Blockquote, List, ListItem, Nodes, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { mathToMarkdown } from 'mdast-util-math';
import { toMarkdown, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import { customHeadingIds, parseWithReference, type MdxParser } from '../content/dialect.js';
import { MAX_PARAGRAPH_MARKERS, MAX_PARAGRAPH_OPENINGS, MAX_TAG_DEPTH, mayBeHostile, pageShape } from '../content/page-shape.js';
import { append } from '../util/arrays.js';

/** Options of {@link pageMarkdown}. */
export interface PageMarkdownOptions {
  /** The page's title (frontmatter `title`, else the one the navigation gives): the `#` heading. */
  title: string;
  /** The page's description (frontmatter `description`): a quote under the title. */
  description?: string;
  /** The parser of the platform's dialect; default the reference parser (remark-mdx). */
  parse?: MdxParser;
  /**
   * The text of each MDX snippet the page imports, by the name the page gives it (`import Intro
   * from '/snippets/intro.mdx'` is `Intro`): written out where the page uses it, as the platform
   * renders it there. A snippet's own snippets are given here too, by their names.
   */
  snippets?: ReadonlyMap<string, string>;
}

type Element = MdxJsxFlowElement | MdxJsxTextElement;

/**
 * A page's MDX as plain Markdown, as an AI agent or a reader of `<page>.md` wants it: the title as
 * `#`, the description as a quote, then the body with its components written out: callouts as
 * quotes that say their kind, tabs, accordions and updates as sections, steps as a numbered list,
 * fields (`ParamField`, `ResponseField`) as a list of names, types and descriptions, cards as
 * links, code groups as their code blocks, each under its label. `<Visibility for="humans">` is
 * left out and `for="agents"` kept, as on the platform. Imports, exports, expressions and
 * components the Markdown cannot say (icons, colours) are left out; the text inside any other
 * element (the site's own components, HTML) is kept. A page that does not parse gives its text as
 * written, under its title. Never throws.
 */
export function pageMarkdown(text: string, options: PageMarkdownOptions): string {
  const head = [`# ${oneLine(options.title)}`];
  if (options.description?.trim()) head.push(`> ${oneLine(options.description)}`);
  let body: string;
  try {
    // A page shaped to stall the parsers (see src/content/page-shape.ts) is given as written: the
    // checks report it (content/too-large, content/too-deep), and its Markdown must not hang a build.
    if (!boundedShape(text)) throw new Error('not parsed');
    const parse = options.parse ?? parseWithReference;
    const source = customHeadingIds(text).text;
    const snippets = new Map<string, Root>();
    for (const [name, snippet] of options.snippets ?? []) {
      try {
        if (boundedShape(snippet)) snippets.set(name, parse(customHeadingIds(snippet).text));
      } catch {
        // A snippet that does not parse is left out, as the page shows it nowhere.
      }
    }
    body = markdownOf(parse(source), source, snippets);
  } catch {
    body = withoutFrontmatter(text).trim();
  }
  return `${head.join('\n\n')}\n\n${body.trim()}\n`.replace(/\n{3,}$/, '\n');
}

/**
 * A tree of the dialect (MDX with GFM, frontmatter and math) as Markdown, its components written
 * out. With `source` (the text the tree was parsed from, positions included), a block of the page
 * with no component, expression or import in it is its text as the author wrote it; the others
 * are written by mdast-util-to-markdown (about 2 ms a page of firecrawl-docs when all were).
 */
export function markdownOf(tree: Root, source?: string, snippets?: ReadonlyMap<string, Root>): string {
  const context: Context = { depth: 1, ...(snippets ? { snippets } : {}) };
  const parts: string[] = [];
  let run: Nodes[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const root: Root = { type: 'root', children: flow(run, context) as RootContent[] };
    run = [];
    const written = toMarkdown(root, MARKDOWN).trim();
    if (written) parts.push(written);
  };
  for (const node of tree.children as Nodes[]) {
    const text = source === undefined ? undefined : asWritten(node, source);
    if (text === undefined) {
      run.push(node);
      continue;
    }
    flush();
    if (node.type === 'heading') context.depth = node.depth;
    if (text) parts.push(text);
  }
  flush();
  return parts.length > 0 ? `${parts.join('\n\n')}\n` : '';
}

const MARKDOWN: ToMarkdownOptions = {
  extensions: [gfmToMarkdown(), mathToMarkdown()],
  bullet: '-',
  emphasis: '_',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
};

const MDX_NODES = new Set(['mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'yaml', 'toml']);

/** A top-level block's text as written (line ends trimmed), when it holds nothing of MDX; undefined otherwise or without its place. */
function asWritten(node: Nodes, source: string): string | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || hasMdx(node)) return undefined;
  return source
    .slice(start, end)
    .replace(/[ \t]+$/gm, '')
    .trim();
}

function hasMdx(node: Nodes): boolean {
  if (MDX_NODES.has(node.type)) return true;
  return 'children' in node && (node.children as Nodes[]).some(hasMdx);
}

/** Where a node stands: the depth of the last heading before it, so that a section under it is one deeper. */
interface Context {
  depth: number;
  /** The MDX snippets the page imports, by the name it gives each (`import Intro from '/snippets/intro.mdx'`). */
  snippets?: ReadonlyMap<string, Root>;
  /** The snippets being written out around this node: one that uses itself is not written again. */
  within?: ReadonlySet<string>;
}

// Components that the Markdown cannot say and that hold no text of the page.
const DROPPED = new Set(['Icon', 'Color', 'Color.Row', 'Color.Item', 'Mermaid', 'ApiPlayground', 'GitHub', 'GitHub.Repo', 'Github', 'Github.Repo']);
const CALLOUTS: Record<string, string> = { Note: 'Note', Tip: 'Tip', Info: 'Info', Warning: 'Warning', Check: 'Check', Danger: 'Danger', Callout: 'Note' };
const SECTIONS = new Set(['Tab', 'Accordion', 'Update', 'View', 'Panel']);
const FIELDS = new Set(['ParamField', 'Param', 'ResponseField', 'Field']);
const FIELD_LOCATIONS = ['path', 'query', 'header', 'cookie', 'body'];

/** Flow content with its components written out; the headings it holds set the depth of the sections after them. */
function flow(nodes: readonly Nodes[], context: Context): Nodes[] {
  const out: Nodes[] = [];
  for (const node of nodes) {
    if (node.type === 'heading') context.depth = node.depth;
    const elements = node.type === 'paragraph' ? elementsOnly(node) : undefined;
    if (elements) for (const element of elements) append(out, flowNode(element, context));
    else append(out, flowNode(node, context));
  }
  return mergeFieldLists(inParagraphs(out));
}

const PHRASING = new Set([
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'inlineMath',
  'link',
  'linkReference',
  'image',
  'imageReference',
  'break',
  'footnoteReference',
]);

/** Flow content in which phrasing stands alone (a component's text on its own line, `<Tip>Text</Tip>`) with each run of it made a paragraph. */
function inParagraphs(nodes: Nodes[]): Nodes[] {
  const out: Nodes[] = [];
  let run: PhrasingContent[] = [];
  const close = () => {
    const children = trimmed(phrasing(run));
    if (children.length > 0) out.push(paragraphOf(children));
    run = [];
  };
  for (const node of nodes) {
    if (PHRASING.has(node.type)) run.push(node as PhrasingContent);
    else {
      close();
      out.push(node);
    }
  }
  close();
  return out;
}

/**
 * A paragraph that holds only components (`<Step title="One">Do this.</Step>` on a line of its
 * own, cards side by side) as those components at flow level, their text a paragraph inside
 * each: what they are on the page. Undefined for a paragraph with text of its own.
 */
function elementsOnly(paragraph: Paragraph): MdxJsxFlowElement[] | undefined {
  const elements: MdxJsxFlowElement[] = [];
  for (const child of paragraph.children as Nodes[]) {
    if (child.type === 'text' && child.value.trim() === '') continue;
    if (child.type !== 'mdxJsxTextElement' || !child.name || !/^[A-Z]/.test(child.name)) return undefined;
    const inner = child.children as PhrasingContent[];
    const text = inner.some((node) => node.type !== 'text' || node.value.trim() !== '');
    elements.push({ ...child, type: 'mdxJsxFlowElement', children: text ? [paragraphOf(trimmed(inner))] : [] });
  }
  return elements.length > 0 ? elements : undefined;
}

/** Phrasing content without the white space at its start and end. */
function trimmed(nodes: PhrasingContent[]): PhrasingContent[] {
  const out = [...nodes];
  const first = out[0];
  if (first?.type === 'text') out[0] = { ...first, value: first.value.trimStart() };
  const last = out[out.length - 1];
  if (last?.type === 'text') out[out.length - 1] = { ...last, value: last.value.trimEnd() };
  return out.filter((node) => node.type !== 'text' || node.value !== '');
}

function flowNode(node: Nodes, context: Context): Nodes[] {
  switch (node.type) {
    case 'yaml':
    case 'toml' as string:
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
    case 'html':
      return node.type === 'html' && !/^<!--/.test(node.value.trim()) ? [node] : [];
    case 'mdxJsxFlowElement':
      return element(node, context);
    case 'mdxJsxTextElement':
      return inline(node);
    case 'code':
      return [{ ...node, meta: null, data: { ...node.data, label: codeLabel(node.meta) } as never }];
    default:
      if (node.type === 'paragraph' || node.type === 'heading') {
        const children = trimmed(phrasing(node.children));
        return children.length > 0 || node.type === 'heading' ? [{ ...node, children } as Nodes] : [];
      }
      if ('children' in node) return [{ ...node, children: flow(node.children as Nodes[], { ...context }) } as Nodes];
      return [node];
  }
}

/** Phrasing content with its inline components written out. */
function phrasing(nodes: readonly Nodes[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    if (node.type === 'mdxTextExpression' || node.type === 'mdxJsxFlowElement') continue;
    if (node.type === 'mdxJsxTextElement') append(out, inline(node));
    else if ('children' in node) out.push({ ...node, children: phrasing(node.children as Nodes[]) } as PhrasingContent);
    else out.push(node as PhrasingContent);
  }
  return out;
}

/** An inline element: a link, an image, emphasis, code, or its text. */
function inline(node: MdxJsxTextElement): PhrasingContent[] {
  const name = node.name ?? '';
  if (DROPPED.has(name) || visibleToHumansOnly(node)) return [];
  const children = phrasing(node.children as Nodes[]);
  const href = attribute(node, 'href');
  switch (name) {
    case 'a':
    case 'Link':
      return href ? [{ type: 'link', url: href, children }] : children;
    case 'img':
      return imageOf(node);
    case 'br':
      return [{ type: 'break' }];
    case 'strong':
    case 'b':
      return [{ type: 'strong', children }];
    case 'em':
    case 'i':
      return [{ type: 'emphasis', children }];
    case 'code':
    case 'Kbd':
    case 'kbd':
      return [{ type: 'inlineCode', value: textOf(node) }];
    case 'Tooltip':
      return href ? [{ type: 'link', url: href, children }] : children;
    default:
      return children;
  }
}

function imageOf(node: Element): PhrasingContent[] {
  const src = attribute(node, 'src');
  return src ? [{ type: 'image', url: src, alt: attribute(node, 'alt') ?? '' }] : [];
}

/** A flow element, written out. */
function element(node: MdxJsxFlowElement, context: Context): Nodes[] {
  const name = node.name ?? '';
  if (DROPPED.has(name) || visibleToHumansOnly(node)) return [];
  const inner = () => flow(node.children as Nodes[], { ...context });
  if (name in CALLOUTS) return [callout(CALLOUTS[name] as string, inner())];
  if (SECTIONS.has(name)) return section(node, context);
  if (FIELDS.has(name)) return [field(node, context)];
  switch (name) {
    case 'Steps':
      return [steps(node, context)];
    case 'Card':
    case 'Tile':
      return card(node, context);
    case 'CodeGroup':
    case 'RequestExample':
    case 'ResponseExample':
      return codeGroup(inner());
    case 'Expandable':
      return [paragraphOf([{ type: 'strong', children: [{ type: 'text', value: attribute(node, 'title') ?? 'Properties' }] }]), ...inner()];
    case 'Prompt':
      return [paragraphOf([{ type: 'text', value: attribute(node, 'description') ?? '' }]), ...inner()].filter(
        (child) => child.type !== 'paragraph' || child.children.length > 0,
      );
    case 'img':
    case 'video':
    case 'iframe':
    case 'audio': {
      const src = attribute(node, 'src');
      if (!src) return inner();
      if (name === 'img') return [paragraphOf(imageOf(node))];
      return [paragraphOf([{ type: 'link', url: src, children: [{ type: 'text', value: attribute(node, 'title') ?? src }] }])];
    }
    case 'Frame': {
      const caption = attribute(node, 'caption');
      return caption ? [...inner(), paragraphOf([{ type: 'emphasis', children: [{ type: 'text', value: caption }] }])] : inner();
    }
    case 'br':
    case 'hr':
      return name === 'hr' ? [{ type: 'thematicBreak' }] : [];
    default: {
      // An MDX snippet the page imports: its content, where the page puts it.
      const snippet = context.snippets?.get(name);
      if (snippet && !context.within?.has(name)) return flow(snippet.children as Nodes[], { ...context, within: new Set([...(context.within ?? []), name]) });
      // Frame, Columns, CardGroup, AccordionGroup, Tabs, Visibility for agents, HTML, the site's own
      // components: what they hold.
      return inner();
    }
  }
}

/** A callout as a quote whose first line says its kind (`**Warning:** ...`). */
function callout(kind: string, children: Nodes[]): Blockquote {
  const label: PhrasingContent = { type: 'strong', children: [{ type: 'text', value: `${kind}:` }] };
  const [first, ...rest] = children;
  if (first?.type === 'paragraph')
    return { type: 'blockquote', children: [paragraphOf([label, { type: 'text', value: ' ' }, ...first.children]), ...(rest as BlockContent[])] };
  return { type: 'blockquote', children: [paragraphOf([label]), ...(children as BlockContent[])] };
}

/** A tab, an accordion, an update: a heading one deeper than the section it is in, then its content. */
function section(node: MdxJsxFlowElement, context: Context): Nodes[] {
  const title = attribute(node, 'title') ?? attribute(node, 'label') ?? attribute(node, 'description') ?? '';
  const depth = Math.min(6, context.depth + 1) as 1 | 2 | 3 | 4 | 5 | 6;
  const children = flow(node.children as Nodes[], { ...context, depth });
  if (!title) return children;
  const out: Nodes[] = [{ type: 'heading', depth, children: [{ type: 'text', value: title }] }];
  const description = node.name === 'Update' ? attribute(node, 'description') : undefined;
  if (description && description !== title) out.push(paragraphOf([{ type: 'emphasis', children: [{ type: 'text', value: description }] }]));
  return [...out, ...children];
}

/** Steps as a numbered list, each step's title in bold before its content. */
function steps(node: MdxJsxFlowElement, context: Context): List {
  const items: ListItem[] = [];
  const children = (node.children as Nodes[]).flatMap((child): Nodes[] => (child.type === 'paragraph' ? (elementsOnly(child) ?? [child]) : [child]));
  for (const child of children) {
    if (child.type !== 'mdxJsxFlowElement' || child.name !== 'Step') continue;
    const title = attribute(child, 'title');
    const content = flow(child.children as Nodes[], { ...context });
    items.push({
      type: 'listItem',
      spread: false,
      children: [...(title ? [paragraphOf([{ type: 'strong', children: [{ type: 'text', value: title }] }])] : []), ...(content as BlockContent[])],
    });
  }
  return { type: 'list', ordered: true, start: 1, spread: false, children: items };
}

/** A card: its title as a link to where it leads, then its text. */
function card(node: MdxJsxFlowElement, context: Context): Nodes[] {
  const title = attribute(node, 'title');
  const href = attribute(node, 'href');
  const content = flow(node.children as Nodes[], { ...context });
  if (!title && !href) return content;
  const label: PhrasingContent[] = [{ type: 'text', value: title ?? href ?? '' }];
  const heading = paragraphOf(href ? [{ type: 'link', url: href, children: label }] : [{ type: 'strong', children: label }]);
  return [heading, ...content];
}

/** A code group: each code block under its label (what its tab shows), in bold. */
function codeGroup(children: Nodes[]): Nodes[] {
  return children.flatMap((child) => {
    const label = child.type === 'code' ? (child.data as { label?: string } | undefined)?.label : undefined;
    return label ? [paragraphOf([{ type: 'strong', children: [{ type: 'text', value: label }] }]), child] : [child];
  });
}

/**
 * The label of a code block from its fence's meta (`bash Install`, `js title="index.js" {1-3}`):
 * `title="..."` when written, else the words before the first option (`{...}`, `key=value`).
 */
function codeLabel(meta: string | null | undefined): string | undefined {
  if (!meta) return undefined;
  const titled = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (titled) return titled[1] ?? titled[2] ?? titled[3];
  const words: string[] = [];
  for (const word of meta.trim().split(/\s+/)) {
    if (/^[{[]|=/.test(word)) break;
    words.push(word);
  }
  return words.join(' ') || undefined;
}

/** A field as one item of a list: `name` `type`, required, default, then its description. */
function field(node: MdxJsxFlowElement, context: Context): List {
  const location = FIELD_LOCATIONS.find((key) => attribute(node, key) !== undefined);
  const name = (location && attribute(node, location)) ?? attribute(node, 'name') ?? '';
  const facts: string[] = [];
  const type = attribute(node, 'type');
  if (type) facts.push(type);
  if (location && node.name !== 'ResponseField') facts.push(location);
  if (hasFlag(node, 'required')) facts.push('required');
  if (hasFlag(node, 'deprecated')) facts.push('deprecated');
  const fallback = attribute(node, 'default');
  if (fallback !== undefined) facts.push(`default: ${fallback}`);
  const line: PhrasingContent[] = [{ type: 'inlineCode', value: name }];
  if (facts.length > 0) line.push({ type: 'text', value: ` (${facts.join(', ')})` });
  const content = flow(node.children as Nodes[], { ...context });
  const [first, ...rest] = content;
  const head = first?.type === 'paragraph' ? paragraphOf([...line, { type: 'text', value: ': ' }, ...first.children]) : paragraphOf(line);
  const body = first?.type === 'paragraph' ? rest : content;
  const item: ListItem = { type: 'listItem', spread: false, children: [head, ...(body as BlockContent[])] };
  return { type: 'list', ordered: false, spread: false, children: [item], data: { fields: true } as never };
}

/** Fields side by side make one list, not a list each (which Markdown would have to keep apart). */
function mergeFieldLists(nodes: Nodes[]): Nodes[] {
  const out: Nodes[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (node.type === 'list' && isFieldList(node) && last?.type === 'list' && isFieldList(last)) append(last.children, node.children);
    else out.push(node.type === 'list' && isFieldList(node) ? { ...node, children: [...node.children] } : node);
  }
  return out;
}

function isFieldList(node: List): boolean {
  return (node.data as { fields?: boolean } | undefined)?.fields === true;
}

function paragraphOf(children: PhrasingContent[]): Paragraph {
  return { type: 'paragraph', children };
}

/** `<Visibility for="humans">`: shown on the web page, left out of its Markdown. */
function visibleToHumansOnly(node: Element): boolean {
  return node.name === 'Visibility' && attribute(node, 'for') === 'humans';
}

/** An attribute's value when it is a string (or a number or boolean written as an expression); undefined otherwise. */
function attribute(node: Element, name: string): string | undefined {
  const found = node.attributes.find((candidate): candidate is MdxJsxAttribute => candidate.type === 'mdxJsxAttribute' && candidate.name === name);
  if (!found) return undefined;
  if (found.value === null || found.value === undefined) return '';
  if (typeof found.value === 'string') return found.value;
  const expression = found.value.value.trim();
  const literal = /^(?:"([^"]*)"|'([^']*)'|`([^`$]*)`|(-?\d+(?:\.\d+)?|true|false))$/.exec(expression);
  return literal ? (literal[1] ?? literal[2] ?? literal[3] ?? literal[4]) : undefined;
}

/** Whether a boolean attribute is set (`required`, `required={true}`). */
function hasFlag(node: Element, name: string): boolean {
  const value = attribute(node, name);
  return value !== undefined && value !== 'false';
}

function textOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string' && node.type !== 'mdxTextExpression') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(textOf).join('');
  return '';
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether the parsers read `text` in bounded time: no bound of src/content/page-shape.ts is passed. */
function boundedShape(text: string): boolean {
  if (!mayBeHostile(text)) return true;
  const shape = pageShape(text);
  return shape.depth <= MAX_TAG_DEPTH && shape.paragraphOpenings <= MAX_PARAGRAPH_OPENINGS && shape.paragraphMarkers <= MAX_PARAGRAPH_MARKERS;
}

/** The text after its frontmatter block, if it has one. */
function withoutFrontmatter(text: string): string {
  const match = /^(?:---|\+\+\+)\r?\n[\s\S]*?\r?\n(?:---|\+\+\+)[ \t]*(?:\r?\n|$)/.exec(text);
  return match ? text.slice(match[0].length) : text;
}
