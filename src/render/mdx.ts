import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { ComponentType } from 'react';
import * as React from 'react';
import { createElement } from 'react';
import { mdxToJs, type HastPluginDefinition, type MdastPluginDefinition } from 'satteri';
import type { Nodes, Root } from 'mdast';
import { parseWithReference } from '../content/dialect.js';
import { customHeadingIds, type PageFacts } from '../content/index.js';
import { parseInlineStyle } from './inline-style.js';

/** What a page's components are given: the built-in components and, later, the site's own. */
export type MdxComponents = Record<string, unknown>;

/** A page's MDX as a React component, and the frontmatter the parser set aside. */
export interface CompiledMdx {
  /** The page's body; `components` maps the names it uses (`Note`, `h2`, ...) to components. */
  Content: ComponentType<{ components?: MdxComponents }>;
  /** The raw frontmatter block, or `null` (read it with Quire's frontmatter reader, not here). */
  frontmatter: { kind: 'yaml' | 'toml'; value: string } | null;
}

/** Why a page did not compile: satteri's message, and its place when the message gives one. */
export interface MdxCompileError {
  message: string;
  line?: number;
  column?: number;
}

/** What {@link compileMdx} returns: a component, or the reason there is none (never a throw). */
export type CompileMdxResult = { ok: true; page: CompiledMdx } | { ok: false; error: MdxCompileError };

/** Options of {@link compileMdx}. */
export interface CompileMdxOptions {
  /**
   * The id of each Markdown heading by the 1-based line it starts on: the ids Quire's anchor check
   * accepts (`PageFacts.headings`, see {@link markdownHeadingIds}). A heading not in the map gets
   * no id.
   */
  headingIds?: ReadonlyMap<number, string>;
  /**
   * The reference parser (remark-mdx, the platform's) reads the page: its facts have no syntax
   * error (see {@link referenceReads}). A page satteri refuses is then compiled from the
   * reference's tree, as the checks read it: satteri refuses a few pages that the platform
   * renders (a multi-line opening tag whose `>` starts a line with content after it). Without
   * it, satteri's refusal stands: the reference's time is unbounded on some hostile text, where
   * the checks give it a budget.
   */
  referenceReads?: boolean;
}

// A page whose facts have one of these was not read by the reference parser (in its budget).
const UNREAD = new Set(['content/syntax', 'content/too-deep', 'content/too-large', 'content/not-text', 'content/unreadable']);

/** Whether a file's facts show that the reference parser reads it ({@link CompileMdxOptions.referenceReads}). */
export function referenceReads(facts: Partial<Pick<PageFacts, 'diagnostics'>> | undefined): boolean {
  return facts?.diagnostics !== undefined && !facts.diagnostics.some((diagnostic) => UNREAD.has(diagnostic.code));
}

// The platform's dialect, as src/node/native-parser.ts parses it for the checks: GFM, YAML and
// TOML frontmatter, math; `{#id}` is blanked before the parse (src/content/dialect.ts).
const FEATURES = { gfm: true, frontmatter: true, math: true, headingAttributes: false } as const;

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * Compiles a page's MDX into a React component with satteri (the parser the checks use in Node),
 * in the platform's dialect. Heading ids are not slugged here: they are set from `headingIds`, by
 * the line each heading starts on, so that the ids in the HTML are those Quire's anchor check
 * accepts. `{#custom-id}` is blanked out first as the checks do (the id itself comes back through
 * `headingIds`). A page satteri refuses is compiled from the reference parser's tree when
 * `referenceReads` says the reference reads it, as the checks read it. Never throws: a page that
 * does not parse gives its error (satteri's).
 */
export function compileMdx(text: string, options: CompileMdxOptions = {}): CompileMdxResult {
  const compiled = mdxJs(text, 'function-body', options);
  if (!compiled.ok) return compiled;
  try {
    // A function body that reads the JSX runtime from its first argument (satteri's `evaluate`
    // does the same): the page's MDX is the site's own code, run with the rights of the process.
    const module = new Function(compiled.code)(runtimeWithImports()) as { default: CompiledMdx['Content'] };
    return { ok: true, page: { Content: module.default, frontmatter: compiled.frontmatter } };
  } catch (error) {
    return { ok: false, error: compileError(error) };
  }
}

/** What {@link mdxJs} returns: satteri's JavaScript and the page's frontmatter, or why it did not compile. */
export type MdxJsResult = { ok: true; code: string; frontmatter: CompiledMdx['frontmatter'] } | { ok: false; error: MdxCompileError };

/**
 * A page's MDX as JavaScript, in the platform's dialect and with Quire's plugins (see
 * {@link compileMdx}): a `function-body` that reads its runtime and imports from its argument, or
 * an ES module `program` (its imports as written: the site's module loader resolves them).
 */
export function mdxJs(text: string, format: 'function-body' | 'program', options: CompileMdxOptions = {}): MdxJsResult {
  const ids = options.headingIds;
  const headingIdPlugin: HastPluginDefinition = {
    name: 'quire-heading-ids',
    options: { position: true },
    element: {
      filter: HEADINGS,
      visit(node, context) {
        const line = node.position?.start.line;
        const id = line === undefined ? undefined : ids?.get(line);
        if (id) context.setProperty(node, 'id', id);
      },
    },
  };
  const prepared = customHeadingIds(text).text;
  const compile = (source: string, fromReference?: MdastPluginDefinition): MdxJsResult => {
    const result = mdxToJs(source, {
      outputFormat: format,
      features: FEATURES,
      mdastPlugins: [...(fromReference ? [fromReference] : []), codeMetaPlugin, inlineComponentPlugin],
      hastPlugins: ids && ids.size > 0 ? [headingIdPlugin] : [],
    });
    if (result instanceof Promise)
      return { ok: false, error: { message: 'satteri compiled the page asynchronously (no async plugin is given: not expected)' } };
    return { ok: true, code: result.code, frontmatter: result.frontmatter };
  };
  try {
    return compile(prepared);
  } catch (error) {
    const tree = options.referenceReads ? referenceTree(prepared, ids) : undefined;
    if (tree) {
      try {
        // satteri compiles no text then: the page's tree (the reference's) replaces its empty root.
        return compile('', { name: 'quire-reference-tree', before: (root, context) => context.replaceNode(root, tree) });
      } catch {
        // satteri's refusal of the page says more than a failure to compile the reference's tree.
      }
    }
    return { ok: false, error: compileError(error) };
  }
}

/**
 * The reference parser's tree of a page (after `customHeadingIds`), as satteri takes a tree from a
 * plugin: no places (a heading's id is set from `ids` by its line, as the heading plugin sets
 * it from satteri's places) and no parser data (the JavaScript of expressions is compiled from
 * their text). Undefined when the reference refuses the page.
 */
function referenceTree(text: string, ids: ReadonlyMap<number, string> | undefined): Root | undefined {
  let tree: Root;
  try {
    tree = parseWithReference(text);
  } catch {
    return undefined;
  }
  // With a stack: JSX may nest deeper than the call stack allows.
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    const id = node.type === 'heading' && node.position ? ids?.get(node.position.start.line) : undefined;
    delete node.position;
    delete node.data;
    if (id) node.data = { hProperties: { id } };
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attribute of node.attributes) {
        delete attribute.position;
        delete attribute.data;
        if (typeof attribute.value === 'object' && attribute.value !== null) delete attribute.value.data;
      }
    }
    if ('children' in node) for (const child of node.children) stack.push(child);
  }
  return tree;
}

// A code block's meta (```js title="a.js" {1-3}), which satteri drops from the HTML, as the
// `data-meta` attribute of its `pre`: CodeGroup's tab titles, later line highlights.
const codeMetaPlugin: MdastPluginDefinition = {
  name: 'quire-code-meta',
  code(node, context) {
    if (node.meta) context.setProperty(node, 'data', { ...node.data, hProperties: { 'data-meta': node.meta } });
  },
};

// Components that get a generated id (`param-*`, a title's slug) only when written as a block,
// as on the platform: one inside a sentence has none, and takes no number from the others.
const COMPONENTS_WITH_BLOCK_IDS = new Set(['ParamField', 'Param', 'ResponseField', 'Accordion', 'View', 'Tab']);

/** The attribute that tells a component it was written inside a sentence (see {@link COMPONENTS_WITH_BLOCK_IDS}). */
export const INLINE_MARK = 'data-quire-inline';

const inlineComponentPlugin: MdastPluginDefinition = {
  name: 'quire-inline-components',
  mdxJsxTextElement(node, context) {
    if (node.name === null || !COMPONENTS_WITH_BLOCK_IDS.has(node.name)) return;
    context.replaceNode(node, {
      type: 'mdxJsxTextElement',
      name: node.name,
      attributes: [...node.attributes, { type: 'mdxJsxAttribute', name: INLINE_MARK, value: null }],
      children: [...node.children],
    });
  },
};

/**
 * The object the compiled page reads its JSX runtime from, and, in satteri's function-body
 * output, its imports too: `import Intro from '/snippets/intro.mdx'` becomes
 * `const { default: Intro } = arguments[0]`, so every import's bindings come from this one object
 * and two default imports cannot be told apart. A name React exports (`import { useState } from
 * 'react'`, on 5 corpus pages) is React's. Until snippets are compiled (with the `program` output
 * and a module loader), each other imported name is a placeholder that says so in the page.
 */
function runtimeWithImports(): Record<string, unknown> {
  const runtime: Record<string, unknown> = { Fragment, jsx: htmlAware(jsx), jsxs: htmlAware(jsxs) };
  const react = React as unknown as Record<string, unknown>;
  return new Proxy(runtime, {
    get: (target, key) => {
      if (typeof key !== 'string' || key in target) return target[key as string];
      return key !== 'default' && key in react ? react[key] : importPlaceholder(key);
    },
  });
}

/**
 * The JSX runtime, with a `style` string on an HTML element (`<div style="color: red">`, which
 * React refuses) made an object first, as the platform does.
 */
export function htmlAware(create: typeof jsx): typeof jsx {
  return (type, props, key) => {
    const style = (props as { style?: unknown } | null)?.style;
    if (typeof type === 'string' && typeof style === 'string') props = { ...(props as object), style: parseInlineStyle(style) };
    return create(type, props, key);
  };
}

function importPlaceholder(name: string) {
  // Its children are the page's own content (headings among them): they render inside.
  // A page may call it as a function too (`{Imported()}`), with no props.
  const Imported = (props?: { children?: React.ReactNode }) =>
    createElement('div', { className: 'component-placeholder', 'data-component': name === 'default' ? 'snippet' : name }, props?.children);
  Imported.displayName = `Imported(${name})`;
  return Imported;
}

/**
 * The ids of a page's Markdown headings by line, from its facts (`readPage`, or `renderedPage` for
 * a page with snippets): the headings written as elements (`<h2 id>`, `Update`, `Step`) are
 * rendered by their components, not by the heading plugin.
 */
export function markdownHeadingIds(headings: readonly { line: number; id: string; element?: string }[]): Map<number, string> {
  const ids = new Map<number, string>();
  for (const heading of headings) if (heading.element === undefined && heading.id) ids.set(heading.line, heading.id);
  return ids;
}

function compileError(error: unknown): MdxCompileError {
  const message = error instanceof Error ? error.message : String(error);
  // satteri's messages end with the place: `... (3:12)` or `at 3:12`.
  const place = /(\d+):(\d+)(?:-\d+:\d+)?\)?\s*$/.exec(message);
  return place ? { message, line: Number(place[1]), column: Number(place[2]) } : { message };
}
