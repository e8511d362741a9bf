import type { Program } from 'estree';
import type { Nodes, Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { parseFrontmatter, type PageFrontmatter } from '../frontmatter/frontmatter.js';
import { BUILT_IN_COMPONENTS, componentAnchorIds, titleMarkdownText, type PageJsxElement } from './components.js';
import { customHeadingIds } from './dialect.js';
import { parsePage, type PageParsers } from './parse-page.js';
import { cleanHeadingId, headingIds } from './slug.js';
import { unravelParagraphs } from './unravel.js';
import { detachedCopy } from '../util/detach.js';

/** A heading of a page, with the id the platform gives it. */
export interface PageHeading {
  /** 1 to 6. */
  depth: number;
  /** The heading's text, without markup. */
  text: string;
  /**
   * The element id a `#anchor` targets, as the platform gives it (see `headingIds`): the written
   * id or the platform's slug, numbered over the page; `''` when the heading has none.
   */
  id: string;
  /**
   * The id the author wrote (`{#id}`, an `id` attribute), which `id` is made from instead of the
   * text (`renderedPage` numbers it again over a page with its snippets). Absent otherwise.
   */
  custom?: string;
  /**
   * The element the heading is written as, when it is not a Markdown heading (`## Title`): `h2`,
   * `Heading`, or the components the platform puts in the table of contents, `Update` (its
   * `label`, depth 1) and `Step` (its `title`, when the step or its `Steps` has `titleSize` `h2`
   * or `h3`).
   */
  element?: string;
  /**
   * `false` when the platform leaves the heading out of the table of contents: a Markdown `#####`
   * or `######`, an `<h5>`/`<h6>`, a heading element inside a paragraph, a heading inside
   * `Accordion`, `AccordionGroup`, `Expandable`, `Update`, `Prompt` or a `Visibility` that is not
   * for humans. Such a heading keeps the id it had before the table of contents was made: a
   * Markdown heading's slug (levels 1 to 4), a written id, or none. Absent otherwise.
   */
  toc?: false;
  /**
   * Where the heading begins in the page's `text`: the index of the line its own text takes (a
   * Markdown heading, an `h1`...`h6` or `Heading` element whose text is not empty), or of the
   * first line after it (the title of an `Update` or a `Step`, an attribute, is not in the text).
   * A search index splits the text there, to give each section its own entry.
   */
  textLine: number;
  line: number;
  column: number;
}

/** Where a link was written. */
export type PageLinkKind = 'link' | 'image' | 'definition' | 'element';

/** An outgoing link or media source of a page, as written. */
export interface PageLink {
  /** The URL as written (`/quickstart#install`, `../images/a.png`, `https://...`). */
  url: string;
  kind: PageLinkKind;
  /** For `element`: the element and attribute that hold it (`Card`, `href`). */
  element?: string;
  attribute?: string;
  line: number;
  column: number;
}

/** An `import` of a page: a snippet, most often. */
export interface PageImport {
  /** The module as written (`/snippets/intro.mdx`). */
  source: string;
  /** The local names it binds. */
  names: string[];
  /**
   * The local name of the module's default export, when the import binds it (`import Intro
   * from '/snippets/intro.mdx'`): an MDX snippet's content, rendered where the page uses it.
   */
  default?: string;
  /**
   * Where the page renders the default export (`<Intro />`), in document order: the platform
   * puts the snippet's content there, each time. `toc: false` where the use is inside an element
   * whose content the platform leaves out of the table of contents (see `PageHeading.toc`).
   * `textLine` is where the snippet's text goes in the page's `text`: before that line (a line
   * index; the number of lines when it goes at the end). Absent when it is not rendered.
   */
  rendered?: { line: number; column: number; toc?: false; textLine: number }[];
  /**
   * The legacy include `<Snippet file="get-help.mdx" />`, an element of the page rather than an
   * `import`: `source` is its `file` as written, found as `legacySnippetFile` finds it, and
   * `rendered` its one place. The platform puts the snippet's content there before it reads the
   * table of contents (@mintlify/common's remarkMdxInjectSnippets runs first), so its headings are
   * the page's.
   */
  legacy?: true;
  line: number;
  column: number;
}

/** What {@link readPage} learns from a page: facts, not syntax trees, so a site's worth stays small. */
export interface PageFacts {
  /** The frontmatter, when the page has one the platform reads. */
  frontmatter: PageFrontmatter | undefined;
  /** Headings in document order. */
  headings: PageHeading[];
  /** Other ids a `#anchor` can target: components such as `ParamField`, elements with an `id`. */
  ids: string[];
  /** Links and media sources in document order. */
  links: PageLink[];
  imports: PageImport[];
  /** Names of the JSX components and elements the page uses, sorted, each once. */
  components: string[];
  /** The prose of the page without markup, code or frontmatter: what a search index reads. */
  text: string;
  /** Words in `text`. */
  words: number;
  /**
   * Problems of the page alone: syntax errors, frontmatter, unknown components, missing
   * attributes. Links and imports are checked against the site by `checkContent`.
   */
  diagnostics: Diagnostic[];
}

/** Options of {@link readPage}. */
export interface ReadPageOptions {
  /** The file name diagnostics carry, as the caller names it. */
  file: string;
  /**
   * A native parser to read the page with first, the reference parser (remark) confirming what it
   * refuses; `quire-docs/node` reads pages with satteri this way. Default: the reference alone.
   */
  parsers?: PageParsers;
}

/**
 * Reads a page's text, MDX in the platform's dialect, into its facts. Never throws: a page that
 * does not parse gives its syntax error as a diagnostic (with its line, column and a hint for
 * the common causes) and the facts of its frontmatter alone.
 */
export function readPage(text: string, options: ReadPageOptions): PageFacts {
  const { file } = options;
  const frontmatter = parseFrontmatter(text, file);
  const facts: PageFacts = {
    frontmatter: frontmatter.data,
    headings: [],
    ids: [],
    links: [],
    imports: [],
    components: [],
    text: '',
    words: 0,
    diagnostics: [...frontmatter.diagnostics],
  };
  const prepared = customHeadingIds(text);
  const { tree, diagnostics } = parsePage(prepared.text, text, file, options.parsers);
  for (const diagnostic of diagnostics) facts.diagnostics.push(diagnostic);
  if (!tree) return ownStrings(facts);
  unravelParagraphs(tree);
  placeUnpositionedLinks(tree, prepared.text);
  collectFacts(tree, prepared.ids, facts, file, frontmatter.data);
  return ownStrings(facts);
}

/**
 * The facts with strings of their own (see `detached`): the parsers' values are slices of the
 * page, and a kept heading or link kept the page's whole text alive. The text, when kept, is
 * a string of its own already.
 */
function ownStrings(facts: PageFacts): PageFacts {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(facts)) copy[key] = key === 'text' ? value : detachedCopy(value);
  return copy as unknown as PageFacts;
}

/**
 * Gives a position to the links a transform made after parsing. GFM literal autolinks that
 * micromark leaves as text (a URL right after `(`, as in ClickHouse's changelogs) are found
 * later by mdast-util-gfm-autolink-literal's find-and-replace, which gives the new link no
 * position. Each is placed where its text is written, searched for in its parent's source after
 * the siblings before it; where it cannot be found, at its parent's start, never at the top of
 * the page.
 */
function placeUnpositionedLinks(tree: Root, text: string): void {
  let lineStarts: number[] | undefined;
  const point = (offset: number) => {
    lineStarts ??= [0, ...[...text.matchAll(/\r\n?|\n/g)].map((match) => (match.index as number) + match[0].length)];
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] as number) + 1, offset };
  };
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    if (!('children' in node) || !node.position) continue;
    let cursor = node.position.start.offset;
    const end = node.position.end.offset ?? text.length;
    for (const child of node.children as Nodes[]) {
      stack.push(child);
      if (child.position?.end.offset !== undefined) {
        cursor = child.position.end.offset;
        continue;
      }
      if (child.position || child.type !== 'link' || cursor === undefined) continue;
      const literal = child.children.map((part) => (part.type === 'text' ? part.value : '')).join('');
      const at = literal === '' ? -1 : text.indexOf(literal, cursor);
      if (at >= 0 && at + literal.length <= end) {
        child.position = { start: point(at), end: point(at + literal.length) };
        cursor = at + literal.length;
      } else {
        child.position = { start: point(cursor), end: point(cursor) };
      }
    }
  }
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

// Components whose content the platform leaves out of the table of contents
// (remarkExtractTableOfContents' COMPONENTS_TO_EXCLUDE_HEADINGS).
const OUT_OF_CONTENTS: ReadonlySet<string> = new Set(['Accordion', 'AccordionGroup', 'Expandable', 'Update', 'Prompt']);

// Marks, in the page's text as it is gathered, where an imported component is used. micromark
// makes a NUL in the page U+FFFD, so no text of the page has one.
const MARK = '\u0000';
// Marks where a heading begins, the same way.
const HEADING_MARK = '\u0000h';

/**
 * The local names of the default imports of a page's ESM that may be an MDX snippet's content
 * (`Setup` of `import Setup from '/snippets/setup.mdx'`): not those of a JavaScript module.
 */
function defaultImports(tree: Root): Set<string> {
  const names = new Set<string>();
  // At the top level in the reference's tree; satteri may put a block inside a JSX element.
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    if (node.type !== 'mdxjsEsm') {
      if ('children' in node) for (const child of node.children) stack.push(child as Nodes);
      continue;
    }
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration' || /\.(?:[cm]?[jt]sx?|json)$/i.test(String(statement.source.value))) continue;
      for (const specifier of statement.specifiers) {
        if (
          specifier.type === 'ImportDefaultSpecifier' ||
          (specifier.type === 'ImportSpecifier' && specifier.imported.type === 'Identifier' && specifier.imported.name === 'default')
        )
          names.add(specifier.local.name);
      }
    }
  }
  return names;
}

// Marks, on the walk's stack, the end of an element whose content is out of the table of contents.
const LEAVE = Symbol('leave');

/** Walks the tree once (with a stack: JSX may nest deeper than the call stack allows). */
function collectFacts(tree: Root, customIds: ReadonlyMap<number, string>, facts: PageFacts, file: string, frontmatter: PageFrontmatter | undefined): void {
  const components = new Set<string>();
  const defined = new Set<string>();
  const elements: PageJsxElement[] = [];
  const uses: JsxElement[] = [];
  // Where each use is out of the table of contents (a snippet's headings are, there).
  const outOfContents = new Set<JsxElement>();
  // The `titleSize` a `<Steps>` gives the steps directly in it.
  const stepSizes = new Map<Nodes, string>();
  const chunks: string[] = [];
  // The uses of a default import (a snippet's content, maybe), in document order: each leaves a
  // line of its own, MARK, in `chunks`, where the snippet's text goes.
  const snippetNames = defaultImports(tree);
  const marked: JsxElement[] = [];
  // The legacy includes, `<Snippet file="x.mdx" />` on a line of its own, with the file written.
  const includes: { node: JsxElement; file: string }[] = [];
  // The headings in the order of their HEADING_MARKs in `chunks`: each gets the line it begins at.
  const headingsInText: PageHeading[] = [];
  const markHeading = (heading: PageHeading) => {
    chunks.push(`\n${HEADING_MARK}\n`);
    headingsInText.push(heading);
  };
  // How many elements that leave their content out of the table of contents the walk is in.
  let hidden = 0;
  // `null` closes a block: its text ends a line of `text`.
  const stack: (Nodes | null | typeof LEAVE)[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes | null | typeof LEAVE;
    if (node === LEAVE) {
      hidden--;
      continue;
    }
    // TOML frontmatter (`+++`) is no prose either; mdast's types know only YAML.
    if (node === null || (node.type as string) === 'toml') {
      if (node) continue;
      chunks.push('\n');
      continue;
    }
    const start = node.position?.start;
    const line = start?.line ?? 1;
    const column = start?.column ?? 1;
    switch (node.type) {
      case 'heading': {
        const text = headingText(node);
        const custom = customIds.get(line);
        const heading: PageHeading = {
          depth: node.depth,
          text,
          id: '',
          ...(custom ? { custom } : {}),
          ...(hidden > 0 || node.depth > 4 ? { toc: false as const } : {}),
          textLine: 0,
          line,
          column,
        };
        facts.headings.push(heading);
        markHeading(heading);
        stack.push(null);
        break;
      }
      case 'text':
      case 'inlineCode':
      case 'inlineMath':
        chunks.push(node.value);
        continue;
      case 'break':
        chunks.push(' ');
        continue;
      case 'link':
      case 'image':
      case 'definition':
        facts.links.push({ url: node.url, kind: node.type, line, column });
        break;
      case 'mdxjsEsm':
        readEsm(node.data?.estree ?? undefined, line, facts, defined);
        continue;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        if (node.name) {
          components.add(node.name);
          const attributes = stringAttributes(node.attributes);
          uses.push(node);
          const include = node.type === 'mdxJsxFlowElement' && node.name === 'Snippet' && !snippetNames.has(node.name) ? attributes.file : undefined;
          if (include !== undefined) includes.push({ node, file: include });
          if (snippetNames.has(node.name) || include !== undefined) {
            chunks.push(`\n${MARK}\n`);
            marked.push(node);
          }
          if (hidden > 0) outOfContents.add(node);
          const spec = BUILT_IN_COMPONENTS.get(node.name);
          for (const attribute of spec?.links ?? []) {
            const value = attributes[attribute];
            if (value !== undefined) facts.links.push({ url: value, kind: 'element', element: node.name, attribute, line, column });
          }
          const heading = elementHeading(node, attributes, stepSizes.get(node), hidden > 0);
          if (heading) {
            const placed: PageHeading = { ...heading, textLine: 0, line, column };
            facts.headings.push(placed);
            markHeading(placed);
          }
          // A heading in the table of contents gets its id there, not as an element's `id`.
          if (!heading || heading.toc === false) elements.push({ name: node.name, attributes, inline: node.type === 'mdxJsxTextElement' });
          if (node.name === 'Steps' && node.type === 'mdxJsxFlowElement' && attributes.titleSize) giveStepSize(node.children, attributes.titleSize, stepSizes);
          if ((node.type === 'mdxJsxFlowElement' && OUT_OF_CONTENTS.has(node.name)) || (node.name === 'Visibility' && !forHumans(node))) {
            hidden++;
            stack.push(LEAVE);
          }
        }
        if (node.type === 'mdxJsxFlowElement') stack.push(null);
        break;
      }
      case 'paragraph':
      case 'tableCell':
      case 'listItem':
      case 'blockquote':
        stack.push(null);
        break;
      case 'code':
      case 'yaml':
      case 'math':
      case 'html':
      case 'mdxFlowExpression':
        continue;
      default:
        break;
    }
    if ('children' in node) for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index] as Nodes);
  }
  facts.headings.sort(byPosition);
  headingIds(facts.headings, frontmatter?.mode).forEach((id, index) => ((facts.headings[index] as PageHeading).id = id));
  facts.links.sort(byPosition);
  facts.ids = componentAnchorIds(elements).filter((id) => !facts.headings.some((heading) => heading.id === id));
  facts.components = [...components].sort();
  const lines: string[] = [];
  const textLines = new Map<JsxElement, number>();
  let headingAt = 0;
  for (const line of chunks.join('').split('\n')) {
    if (line === MARK) textLines.set(marked[textLines.size] as JsxElement, lines.length);
    else if (line === HEADING_MARK) (headingsInText[headingAt++] as PageHeading).textLine = lines.length;
    else if (/\S/.test(line)) lines.push(line.replace(/\s+/g, ' ').trim());
  }
  facts.text = lines.join('\n');
  facts.words = countWords(facts.text);
  for (const item of facts.imports) {
    if (item.default === undefined) continue;
    const rendered = uses
      .filter((use) => use.name === item.default)
      .map((use) => ({
        line: use.position?.start.line ?? 1,
        column: use.position?.start.column ?? 1,
        ...(outOfContents.has(use) ? { toc: false as const } : {}),
        textLine: textLines.get(use) ?? lines.length,
      }));
    if (rendered.length > 0) item.rendered = rendered.sort(byPosition);
  }
  for (const { node, file: source } of includes) {
    const at = { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
    const place = { ...at, ...(outOfContents.has(node) ? { toc: false as const } : {}), textLine: textLines.get(node) ?? lines.length };
    facts.imports.push({ source, names: [], legacy: true, rendered: [place], ...at });
  }
  checkComponents(uses, defined, facts, file);
}

/**
 * The heading an element makes (its id still to be given), as @mintlify/common's
 * remarkExtractTableOfContents finds them: `<h1>` to `<h6>`, `<Heading>`, an `<Update>` with a
 * `label`, a `<Step>` whose `titleSize` (its own, else its `<Steps>`') is `h2` or `h3`, with a
 * title and without `noAnchor`. `undefined` for any other element.
 */
function elementHeading(
  node: JsxElement,
  attributes: Record<string, string | undefined>,
  stepSize: string | undefined,
  hidden: boolean,
): Omit<PageHeading, 'textLine' | 'line' | 'column'> | undefined {
  const name = node.name as string;
  const flow = node.type === 'mdxJsxFlowElement';
  const custom = attributes.id;
  const written = custom ? { custom } : {};
  const depth = /^h([1-6])$/.exec(name);
  if (depth) {
    const level = Number(depth[1]);
    return { depth: level, text: headingText(node), id: '', ...written, element: name, ...(hidden || !flow || level > 4 ? { toc: false as const } : {}) };
  }
  if (!flow) return undefined;
  const out = hidden ? { toc: false as const } : {};
  if (name === 'Heading') {
    const level = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'level')?.value;
    const value = typeof level === 'string' ? level : level?.value;
    return { depth: /^[1-6]$/.test(value ?? '') ? Number(value) : 2, text: headingText(node), id: '', ...written, element: name, ...out };
  }
  if (name === 'Update' && Object.prototype.hasOwnProperty.call(attributes, 'label'))
    return { depth: 1, text: attributes.label ?? '', id: '', ...written, element: name, ...out };
  if (name !== 'Step') return undefined;
  const size = attributes.titleSize ?? stepSize;
  const noAnchor = Object.prototype.hasOwnProperty.call(attributes, 'noAnchor') && (attributes.noAnchor === undefined || attributes.noAnchor === 'true');
  const title = titleMarkdownText(attributes.title ?? '');
  if (noAnchor || (size !== 'h2' && size !== 'h3') || title.trim() === '') return undefined;
  return { depth: size === 'h2' ? 2 : 3, text: title, id: '', ...written, element: name, ...out };
}

/** Gives the steps directly in a `<Steps titleSize>` (through fragments, `<>`) its size, unless they set their own. */
function giveStepSize(children: readonly Nodes[], size: string, sizes: Map<Nodes, string>): void {
  for (const child of children) {
    if (child.type !== 'mdxJsxFlowElement') continue;
    if (child.name === 'Step') sizes.set(child, size);
    else if (!child.name) giveStepSize(child.children, size, sizes);
  }
}

/**
 * Whether the platform shows a `<Visibility>`'s content to readers of the page: `for="humans"`,
 * or a value it cannot know before the page runs (`for={audience}`). `for="agents"`, a value of
 * neither or none at all is for agents only (remarkVisibilityForMarkdown's isHiddenFromHumans).
 */
function forHumans(node: JsxElement): boolean {
  const attribute = node.attributes.find((candidate) => candidate.type === 'mdxJsxAttribute' && candidate.name === 'for');
  const value = attribute?.value;
  if (typeof value === 'string') return value === 'humans';
  if (value === undefined || value === null) return false;
  const quoted = /^(["'`])((?:\\.|(?!\1)[^\\])*)\1$/.exec(value.value.trim());
  if (!quoted) return true;
  if (quoted[1] === '`' && (quoted[2] as string).includes('${')) return true;
  return quoted[2] === 'humans';
}

function byPosition(left: { line: number; column: number }, right: { line: number; column: number }): number {
  return left.line - right.line || left.column - right.column;
}

/** Imports and exported names of an ESM block: what the page may use as components. */
function readEsm(program: Program | undefined, line: number, facts: PageFacts, defined: Set<string>): void {
  for (const statement of program?.body ?? []) {
    const at = { line: statement.loc?.start.line ?? line, column: (statement.loc?.start.column ?? 0) + 1 };
    if (statement.type === 'ImportDeclaration') {
      const names = statement.specifiers.map((specifier) => specifier.local.name);
      for (const name of names) defined.add(name);
      const whole = statement.specifiers.find(
        (specifier) =>
          specifier.type === 'ImportDefaultSpecifier' ||
          (specifier.type === 'ImportSpecifier' && specifier.imported.type === 'Identifier' && specifier.imported.name === 'default'),
      );
      facts.imports.push({ source: String(statement.source.value), names, ...(whole ? { default: whole.local.name } : {}), ...at });
    } else if (statement.type === 'ExportNamedDeclaration') {
      const declaration = statement.declaration;
      if (declaration?.type === 'VariableDeclaration') for (const declarator of declaration.declarations) declaredNames(declarator.id, defined);
      else if (declaration && 'id' in declaration && declaration.id) defined.add(declaration.id.name);
      for (const specifier of statement.specifiers) if (specifier.exported.type === 'Identifier') defined.add(specifier.exported.name);
      if (statement.source) facts.imports.push({ source: String(statement.source.value), names: [], ...at });
    } else if (statement.type === 'VariableDeclaration') {
      for (const declarator of statement.declarations) declaredNames(declarator.id, defined);
    } else if (statement.type === 'FunctionDeclaration' && statement.id) {
      defined.add(statement.id.name);
    }
  }
}

function declaredNames(pattern: import('estree').Pattern, into: Set<string>): void {
  if (pattern.type === 'Identifier') into.add(pattern.name);
  else if (pattern.type === 'ObjectPattern')
    for (const property of pattern.properties) declaredNames(property.type === 'RestElement' ? property.argument : property.value, into);
  else if (pattern.type === 'ArrayPattern') for (const element of pattern.elements) if (element) declaredNames(element, into);
}

/**
 * The attributes of an element: a plain string value as written (`href="/a"`), any other
 * (`href={url}`, a bare `defaultOpen`) as `undefined`, present all the same.
 */
function stringAttributes(attributes: readonly (MdxJsxAttribute | MdxJsxExpressionAttribute)[]): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const attribute of attributes)
    if (attribute.type === 'mdxJsxAttribute') values[attribute.name] = typeof attribute.value === 'string' ? attribute.value : undefined;
  return values;
}

/**
 * Components the platform does not know and the page does not import or define. The platform
 * leaves an unknown block element out of the page (it becomes a comment), and an unknown inline
 * element fails the page when it renders; lower-case names are HTML elements and always render.
 */
function checkComponents(uses: readonly JsxElement[], defined: ReadonlySet<string>, facts: PageFacts, file: string): void {
  const reported = new Set<string>();
  for (const element of uses) {
    const name = element.name as string;
    if (!/^[A-Z]/.test(name) && !name.includes('.')) continue;
    const root = name.split('.')[0] as string;
    const line = element.position?.start.line ?? 1;
    const column = element.position?.start.column ?? 1;
    const spec = BUILT_IN_COMPONENTS.get(name);
    if (!spec && !defined.has(root) && !defined.has(name)) {
      const inline = element.type === 'mdxJsxTextElement';
      // Once per name and kind: an inline use, which fails the page, is not hidden by a block one before it.
      const key = `${inline ? 'inline' : 'block'} ${name}`;
      if (reported.has(key)) continue;
      reported.add(key);
      facts.diagnostics.push({
        code: inline ? 'content/unknown-component' : 'content/dropped-component',
        severity: inline ? 'error' : 'warning',
        message: inline
          ? `<${name}> is not a component of the platform and is not imported on this page: the page fails where it renders.`
          : `<${name}> is not a component of the platform and is not imported on this page: the platform leaves it out of the page.`,
        file,
        pointer: '',
        line,
        column,
        hint: `Import it (\`import { ${root} } from '/snippets/${root}.jsx'\`), define it with \`export const ${root} = ...\`, or use a built-in component.`,
      });
      continue;
    }
    if (!spec?.required && !spec?.requiredOneOf) continue;
    const present = new Set(element.attributes.flatMap((attribute) => (attribute.type === 'mdxJsxAttribute' ? [attribute.name] : [])));
    // A spread (`{...props}`) may carry any attribute.
    if (element.attributes.some((attribute) => attribute.type === 'mdxJsxExpressionAttribute')) continue;
    const missing = (spec.required ?? []).filter((attribute) => !present.has(attribute));
    const oneOf = spec.requiredOneOf ?? [];
    if (oneOf.length > 0 && !oneOf.some((attribute) => present.has(attribute))) missing.push(oneOf.join('` or `'));
    if (missing.length > 0) {
      facts.diagnostics.push({
        code: 'content/missing-attribute',
        severity: 'warning',
        message: `<${name}> has no ${missing.map((attribute) => `\`${attribute}\``).join(' or ')}: it renders without it.`,
        file,
        pointer: '',
        line,
        column,
        hint: `Add ${missing.map((attribute) => `${attribute}="..."`).join(' ')}.`,
      });
    }
  }
}

/**
 * A heading's text as the platform renders it, and makes its id from: the platform's typography
 * makes straight single quotes curly, `’` after a word (an apostrophe: its docs say `What's new`
 * is `#what’s-new`, and Portkey links to `#...-portkey%E2%80%99s-model-catalog`) and `‘` before
 * one (powersync links to `#‘backend-connector’` for `## 'Backend Connector'`), in the text but
 * not in inline code. Its other changes (double quotes, dashes) are not made here.
 */
function headingText(node: Nodes): string {
  return plainText(node, true);
}

/** The text of a node without markup: text, inline code and the text inside elements. */
function plainText(node: Nodes, typographic = false): string {
  let text = '';
  const stack: Nodes[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as Nodes;
    if (current.type === 'text' && typographic) {
      const value = current.value;
      const before = text.slice(-1);
      text += value.replace(/'/g, (quote, at: number) => {
        const previous = at === 0 ? before : (value[at - 1] as string);
        // After a word or punctuation it closes (an apostrophe too); at the start of a word it opens.
        if (previous !== '' && !/[\s([{“‘-]/u.test(previous)) return '’';
        return /\S/u.test(value[at + 1] ?? '') ? '‘' : quote;
      });
    } else if (current.type === 'text' || current.type === 'inlineCode' || current.type === 'inlineMath') text += current.value;
    else if (current.type === 'break') text += ' ';
    else if ('children' in current) for (let index = current.children.length - 1; index >= 0; index--) stack.push(current.children[index] as Nodes);
  }
  return text.replace(/\s+/g, ' ').trim();
}

function countWords(text: string): number {
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu);
  return words ? words.length : 0;
}

/**
 * The id in the form anchors are compared in: as the page's DOM has it (percent escapes decoded,
 * the punctuation and emoji the platform strips removed, see `cleanHeadingId`). Case counts, as
 * it does for browsers and for the platform's link checker: `#useAppKit` is not `#useappkit`.
 */
export function anchorKey(id: string): string {
  return cleanHeadingId(id);
}
