// The platform's built-in MDX components: which JSX names a page may use without importing them,
// which attributes each one needs, which attributes hold a link Quire resolves, and which element
// ids (link `#anchor` targets) they produce.
//
// Where the list comes from (read 2026-11; docs/components.md lists it for users):
// - The components pages of the platform's documentation, https://www.mintlify.com/docs/components
//   (accordions, badge, callouts, cards, code-groups, color, columns, examples, expandables, fields,
//   frames, github, icons, mermaid-diagrams, panel, prompt, responses, steps, tabs, tiles, tooltips,
//   tree, update, view, visibility). `required` holds an attribute only where that page marks it
//   required and the renderer shows nothing useful without it.
// - @mintlify/common 1.0.1211: `allowedComponents` (dist/mdx/utils.js) names every component a flow
//   element may use; the plugins that give components ids (remarkComponentIds, rehypeParamFieldIds,
//   remarkExtractTableOfContents, componentIds.js) and the ones that resolve relative links
//   (remarkResolveRelativeLinks) define `componentAnchorIds` and `links` below.
// - @mintlify/link-rot 3.0.1419 (extractComponentAnchorIds): which anchors its link checker accepts.
// To update: `npm pack @mintlify/common` into a scratch folder, diff `allowedComponents` and
// componentIds.js against this file, read the changed components' docs pages, then run
// test/content/components.test.ts (it checks every component the corpus pages use).

import slugify from '@sindresorhus/slugify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { cleanHeadingId, headingSlugger } from './slug.js';
import { append } from '../util/arrays.js';

/** What Quire knows about one built-in component. */
export interface ComponentSpec {
  /** Attributes the component needs to render right; a use without one of them is a warning. */
  readonly required?: readonly string[];
  /** Alternatives of which at least one must be present (`Icon` needs `icon` or `src`). */
  readonly requiredOneOf?: readonly string[];
  /** Attributes that hold a URL or a site path Quire should resolve. */
  readonly links?: readonly string[];
  /** Where the platform documents the component. */
  readonly docs?: string;
}

const DOCS = 'https://www.mintlify.com/docs/components/';

const callout: ComponentSpec = { docs: `${DOCS}callouts` };

// Dotted names are listed whole (`Tree.Folder`): a page may only use the members the platform
// defines, and `Tree.Leaf` is as unknown as `Leaf`.
export const BUILT_IN_COMPONENTS: ReadonlyMap<string, ComponentSpec> = new Map<string, ComponentSpec>([
  // Callouts
  ['Note', callout],
  ['Warning', callout],
  ['Info', callout],
  ['Tip', callout],
  ['Check', callout],
  ['Danger', callout],
  ['Callout', callout],
  // Structure
  ['Accordion', { required: ['title'], docs: `${DOCS}accordions` }],
  ['AccordionGroup', { docs: `${DOCS}accordions` }],
  ['Expandable', { docs: `${DOCS}expandables` }],
  ['Tabs', { docs: `${DOCS}tabs` }],
  ['Tab', { required: ['title'], docs: `${DOCS}tabs` }],
  ['Steps', { docs: `${DOCS}steps` }],
  // The docs mark `title` required, but a step without one renders its number and body, and the
  // corpus has hundreds of them (0xsequence__docs, 12 sites): not worth a warning.
  ['Step', { docs: `${DOCS}steps` }],
  ['Columns', { docs: `${DOCS}columns` }],
  ['Column', { docs: `${DOCS}columns` }],
  // Cards: `title` is optional in the docs and in the component (a card of body text renders).
  ['Card', { links: ['href', 'img'], docs: `${DOCS}cards` }],
  // The grid Columns replaced; still rendered.
  ['CardGroup', { docs: `${DOCS}columns` }],
  ['Tile', { required: ['href'], links: ['href'], docs: `${DOCS}tiles` }],
  ['Panel', { docs: `${DOCS}panel` }],
  ['View', { required: ['title'], docs: `${DOCS}view` }],
  ['Visibility', { required: ['for'], docs: `${DOCS}visibility` }],
  // Code and API
  ['CodeGroup', { docs: `${DOCS}code-groups` }],
  ['CodeBlock', {}],
  ['RequestExample', { docs: `${DOCS}examples` }],
  ['ResponseExample', { docs: `${DOCS}examples` }],
  // `name` too: the platform's link checker reads it as the field's name (extractComponentAnchorIds
  // in @mintlify/link-rot), and pipecat-ai writes fields that way.
  ['ParamField', { requiredOneOf: ['query', 'path', 'body', 'header', 'name'], docs: `${DOCS}fields` }],
  // The older name of ParamField; same ids, same attributes.
  ['Param', { requiredOneOf: ['query', 'path', 'body', 'header', 'name'], docs: `${DOCS}fields` }],
  // Nothing required: the docs mark `name` and `type` required, but a field with either renders a
  // row, and one written with `type` alone (`<ResponseField type="str" required>`, a return type)
  // is common on real sites (356 on one); it only gets no `#param-` anchor.
  ['ResponseField', { docs: `${DOCS}responses` }],
  ['ApiPlayground', {}],
  ['Prompt', { required: ['description'], docs: `${DOCS}prompt` }],
  // Media and decoration
  ['Frame', { docs: `${DOCS}frames` }],
  ['Icon', { requiredOneOf: ['icon', 'src'], links: ['src'], docs: `${DOCS}icons` }],
  ['Badge', { docs: `${DOCS}badge` }],
  ['Tooltip', { required: ['tip'], links: ['href'], docs: `${DOCS}tooltips` }],
  ['Mermaid', { docs: `${DOCS}mermaid-diagrams` }],
  ['Latex', {}],
  ['Update', { required: ['label'], docs: `${DOCS}update` }],
  ['Color', { required: ['variant'], docs: `${DOCS}color` }],
  ['Color.Row', { docs: `${DOCS}color` }],
  ['Color.Item', { required: ['value'], docs: `${DOCS}color` }],
  ['Tree', { docs: `${DOCS}tree` }],
  // An alias of Tree.
  ['FileTree', { docs: `${DOCS}tree` }],
  ['Tree.Folder', { required: ['name'], docs: `${DOCS}tree` }],
  ['Tree.File', { required: ['name'], docs: `${DOCS}tree` }],
  ['GitHub', { docs: `${DOCS}github` }],
  ['GitHub.Repo', { docs: `${DOCS}github` }],
  ['Github', { docs: `${DOCS}github` }],
  ['Github.Repo', { docs: `${DOCS}github` }],
  // Accepted by the platform's renderer but not documented for authors: mostly what its own plugins
  // turn pages into (`Heading`, `ZoomImage`, ...). A page that uses one by hand still renders.
  ['Heading', {}],
  ['Link', { links: ['href'] }],
  ['MDX', {}],
  ['MDXContentController', {}],
  ['CustomCode', {}],
  ['CustomComponent', {}],
  ['DynamicCustomComponent', {}],
  ['SnippetGroup', {}],
  ['Variation', {}],
  ['ZoomImage', {}],
  ['OptimizedVideo', {}],
  // The legacy snippet include: the platform replaces `<Snippet file="name.mdx" />` by the snippet
  // `snippets/name.mdx`, and without `file` there is nothing to include.
  ['Snippet', { required: ['file'] }],
  // HTML elements that carry links. Every lowercase name is HTML (`isHtmlElement`) and never
  // reported as unknown; these are listed for their link attributes.
  ['a', { links: ['href'] }],
  ['img', { links: ['src'] }],
  ['video', { links: ['src', 'poster'] }],
  ['source', { links: ['src'] }],
  ['audio', { links: ['src'] }],
  ['iframe', { links: ['src'] }],
]);

/**
 * Whether a JSX name is an HTML (or SVG, or custom) element the platform passes through to the
 * page: a name that starts with a lowercase letter, as React treats it. Such a name is never an
 * unknown component.
 */
export function isHtmlElement(name: string): boolean {
  return /^[a-z]/.test(name);
}

/** One JSX element of a page, as `componentAnchorIds` reads it. */
export interface PageJsxElement {
  /** The element's name as written: `Accordion`, `Tree.Folder`, `div`. */
  readonly name: string;
  /**
   * The element's attributes. A plain string value (`title="Setup"`) is given as that string; an
   * attribute that is present with any other value (`id={x}`, a bare `defaultOpen`) is given as
   * `undefined`, because presence alone changes what the platform does.
   */
  readonly attributes: Readonly<Record<string, string | undefined>>;
  /** True for an element inside a paragraph (`mdxJsxTextElement`); the platform's id plugins skip those. */
  readonly inline?: boolean;
}

// Components that never put their `id` attribute on a DOM element (@mintlify/common's
// COMPONENTS_WITHOUT_ID): a link to `#that-id` goes nowhere.
const COMPONENTS_WITHOUT_ID: ReadonlySet<string> = new Set([
  'Info',
  'Warning',
  'Note',
  'Tip',
  'Check',
  'Danger',
  'Callout',
  'AccordionGroup',
  'Card',
  'CardGroup',
  'Tabs',
  'CodeGroup',
  'Column',
  'Columns',
  'CustomCode',
  'CustomComponent',
  'DynamicCustomComponent',
  'Expandable',
  'Frame',
  'GitHub',
  'Github',
  'Icon',
  'Latex',
  'Mermaid',
  'Panel',
  'Popup',
  'Prompt',
  'RequestExample',
  'ResponseExample',
  'SnippetGroup',
  'Steps',
  'Tile',
  'Tooltip',
  'Tree',
  'FileTree',
  'Variation',
  'Visibility',
  'MDX',
  'Badge',
  'Color',
  'ZoomImage',
]);

// Components (and JSX headings) whose id goes through the platform's heading-id cleaning.
const COMPONENTS_WITH_CLEANED_ID: ReadonlySet<string> = new Set(['Heading', 'Step', 'Update', 'h1', 'h2', 'h3', 'h4']);

const PARAM_FIELDS: ReadonlySet<string> = new Set(['ParamField', 'Param', 'ResponseField']);
// The attribute that names a ParamField, first present wins (in this order, not the page's).
const PARAM_NAME_ATTRIBUTES = ['query', 'path', 'body', 'header'] as const;

/**
 * The element ids a page's JSX elements produce, in the order the platform assigns them: what a
 * link `page#id` may target besides the page's Markdown headings.
 *
 * - `ParamField`/`Param`/`ResponseField` without `id`: `param-<name>` slugified (camelCase split:
 *   `userId` gives `param-user-id`), the n-th repeat `param-<name>_<n>` slugified (`param-x-1`),
 *   skipping ids that explicit `id`s claim.
 * - `Accordion` and `View` without `id`: their `title` slugified, repeats suffixed `-1`, `-2`.
 * - `Tab` without `id`: its `title` as the platform slugifies headings, repeats suffixed `-2`, `-3`.
 * - An explicit string `id` on any other element, except components that drop it (`Card`, `Note`,
 *   `Tabs`, ...); `Heading`, `Step`, `Update` and `h1`-`h4` lose punctuation and emoji from it.
 *
 * The elements the platform puts in the table of contents (`<h2>`, `Heading`, an `Update` with a
 * `label`, a `Step` with `titleSize`) get their ids there, numbered with the page's headings:
 * `readPage` gives them as headings (see `headingIds`) and leaves them out of what it passes
 * here. Pass elements in document order, nested ones after their parent's opening tag.
 */
export function componentAnchorIds(elements: readonly PageJsxElement[]): string[] {
  const ids: string[] = [];
  append(ids, paramFieldIds(elements));
  append(
    ids,
    titleIds(elements, 'Accordion', (title) => titleMarkdownText(title)),
  );
  append(ids, tabIds(elements));
  append(
    ids,
    titleIds(elements, 'View', (title) => title),
  );
  append(ids, explicitIds(elements));
  return [...new Set(ids)];
}

function stringAttribute(element: PageJsxElement, name: string): string | undefined {
  const value = element.attributes[name];
  return value ? value : undefined;
}

function hasAttribute(element: PageJsxElement, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(element.attributes, name);
}

function flowElements(elements: readonly PageJsxElement[], names: ReadonlySet<string> | string): PageJsxElement[] {
  return elements.filter((element) => !element.inline && (typeof names === 'string' ? element.name === names : names.has(element.name)));
}

/**
 * Slugs made by the library, by what it was given. Its slugify builds a regular expression from
 * two thousand replacements on every call (about half a millisecond), and field names and titles
 * repeat across a site's pages (`url`, `Authorization`, `Example`): each is slugged once a thread.
 * Cleared past 50,000, so that a long-lived process does not keep every title it ever saw.
 */
const slugs = new Map<string, string>();

/**
 * `slugify(text, { decamelize })` of `@sindresorhus/slugify` 2.2.0. Its transliteration changes
 * nothing in ASCII text but `&` (` and `), `^` and `` ` `` (dropped); it is skipped there, and the rest done as the
 * library does it: on a generated site of 25,000 pages, each with its own field names, the
 * library's two thousand regular expressions a call took 26 s of a 95 s run. A property test
 * holds the two to the same slugs.
 */
export function librarySlug(text: string, decamelize: boolean): string {
  if (!/^[\x00-\x7f]*$/.test(text)) return slugify(text, { decamelize });
  // `^` and `` ` `` are the ASCII characters the transliteration drops as diacritics.
  let slug = text.replace(/&/g, ' and ').replace(/[\^`]/g, '');
  if (decamelize)
    slug = slug
      .replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
      .replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
      .replace(/([a-z\d])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2');
  return slug
    .toLowerCase()
    .replace(/[^a-z\d]+/g, '-')
    .replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

function slugOnce(key: string, make: () => string): string {
  let slug = slugs.get(key);
  if (slug === undefined) {
    if (slugs.size >= 50_000) slugs.clear();
    slugs.set(key, (slug = make()));
  }
  return slug;
}

/** The id the platform gives the `count`-th (from 0) field named `name`. */
export function paramFieldId(name: string, count: number): string {
  const text = `param-${name}${count > 0 ? `_${count}` : ''}`;
  return slugOnce(`field\0${text}`, () => librarySlug(text, true));
}

function paramFieldIds(elements: readonly PageJsxElement[]): string[] {
  const fields = flowElements(elements, PARAM_FIELDS);
  // Explicit ids are claimed first, wherever they are on the page, so generated ids step around them.
  const claimed = new Set(fields.map((field) => stringAttribute(field, 'id')).filter((id): id is string => id !== undefined));
  const counts = new Map<string, number>();
  const ids: string[] = [];
  for (const field of fields) {
    if (hasAttribute(field, 'id')) continue;
    const name =
      field.name === 'ResponseField'
        ? stringAttribute(field, 'name')
        : PARAM_NAME_ATTRIBUTES.map((attribute) => stringAttribute(field, attribute)).find((value) => value !== undefined);
    if (name === undefined) continue;
    const base = paramFieldId(name, 0);
    let count = counts.get(base) ?? 0;
    let id = paramFieldId(name, count);
    while (claimed.has(id)) id = paramFieldId(name, ++count);
    counts.set(base, count + 1);
    claimed.add(id);
    ids.push(id);
  }
  return ids;
}

/** The platform's component-title slug: the first `:` becomes `-`, case kept apart from lowercasing. */
function componentId(title: string, count: number): string {
  const text = title.replace(':', '-');
  const base = slugOnce(`title\0${text}`, () => librarySlug(text, false));
  return count > 0 ? `${base}-${count}` : base;
}

function titleIds(elements: readonly PageJsxElement[], name: string, visibleTitle: (title: string) => string): string[] {
  const counts = new Map<string, number>();
  const ids: string[] = [];
  for (const element of flowElements(elements, name)) {
    const title = stringAttribute(element, 'title');
    if (title === undefined || hasAttribute(element, 'id')) continue;
    const text = visibleTitle(title);
    const base = componentId(text, 0);
    const count = counts.get(base) ?? 0;
    counts.set(base, count + 1);
    ids.push(componentId(text, count));
  }
  return ids;
}

/**
 * The platform's heading slug of `title` (see `headingSlugger`), numbered by `counter` when given
 * (a slugger shared by the titles of one kind on a page).
 */
export function headingSlug(title: string, counter: (text: string) => string = headingSlugger()): string {
  return counter(title);
}

function tabIds(elements: readonly PageJsxElement[]): string[] {
  const tabs = flowElements(elements, 'Tab');
  const used = new Set(tabs.map((tab) => stringAttribute(tab, 'id')).filter((id): id is string => id !== undefined));
  const counter = headingSlugger();
  const ids: string[] = [];
  for (const tab of tabs) {
    const explicit = stringAttribute(tab, 'id');
    if (explicit !== undefined) continue; // reported with the other explicit ids
    const title = stringAttribute(tab, 'title');
    if (title === undefined) continue;
    const text = titleMarkdownText(title);
    let slug = headingSlug(text, counter);
    while (used.has(slug)) slug = headingSlug(text, counter);
    used.add(slug);
    ids.push(slug);
  }
  return ids;
}

function explicitIds(elements: readonly PageJsxElement[]): string[] {
  const ids: string[] = [];
  for (const element of elements) {
    const id = stringAttribute(element, 'id');
    if (id === undefined || COMPONENTS_WITHOUT_ID.has(element.name)) continue;
    const value = COMPONENTS_WITH_CLEANED_ID.has(element.name) ? cleanHeadingId(id) : id;
    if (value) ids.push(value);
  }
  return ids;
}

// Made on first use: most pages have no title with Markdown in it.
let titleParser: ReturnType<typeof markdownParser> | undefined;

function markdownParser() {
  return unified().use(remarkParse).use(remarkGfm);
}

interface TitleNode {
  readonly type: string;
  readonly value?: string;
  readonly children?: readonly TitleNode[];
  readonly position?: { readonly start: { readonly offset?: number }; readonly end: { readonly offset?: number } };
}

/**
 * The visible text of a component title the platform renders as Markdown (`Accordion`, `Tab`,
 * `Step`, ...): `**Setup** the \`cli\`` reads `Setup the cli`, and the id is made from that text.
 */
export function titleMarkdownText(title: string): string {
  // Most titles are plain text; parse only those that may hold inline Markdown.
  if (!/[*_~`[]/.test(title)) return title;
  const source = title.replace(/\n/g, ' ');
  titleParser ??= markdownParser();
  const root = titleParser.parse(source) as TitleNode;
  const paragraph = root.children?.[0];
  if (!paragraph || paragraph.type !== 'paragraph' || (root.children?.length ?? 0) > 1) return title;
  const text = (nodes: readonly TitleNode[]): string =>
    nodes
      .map((node) => {
        if (node.type === 'text' || node.type === 'inlineCode') return node.value ?? '';
        if (node.type === 'strong' || node.type === 'emphasis' || node.type === 'delete' || node.type === 'link') return text(node.children ?? []);
        const start = node.position?.start.offset;
        const end = node.position?.end.offset;
        return start !== undefined && end !== undefined ? source.slice(start, end) : '';
      })
      .join('');
  return text(paragraph.children ?? []);
}
