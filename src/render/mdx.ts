import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { ComponentType } from 'react';
import * as React from 'react';
import { createElement } from 'react';
import { mdxToJs, type HastPluginDefinition, type MdastPluginDefinition } from 'satteri';
import { customHeadingIds } from '../content/index.js';
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
 * `headingIds`). Never throws: a page that does not parse gives its error.
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
  try {
    const result = mdxToJs(customHeadingIds(text).text, {
      outputFormat: format,
      features: FEATURES,
      mdastPlugins: [codeMetaPlugin, inlineComponentPlugin],
      hastPlugins: ids && ids.size > 0 ? [headingIdPlugin] : [],
    });
    if (result instanceof Promise)
      return { ok: false, error: { message: 'satteri compiled the page asynchronously (no async plugin is given: not expected)' } };
    return { ok: true, code: result.code, frontmatter: result.frontmatter };
  } catch (error) {
    return { ok: false, error: compileError(error) };
  }
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
