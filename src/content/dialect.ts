import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Root } from 'mdast';

/**
 * The platform's dialect: MDX, GFM, YAML or TOML frontmatter and math, the plugins its own
 * parser uses (`coreRemark` in @mintlify/common), so that a page that renders there parses here.
 * Custom heading ids (`## Title {#id}`) are read by {@link customHeadingIds} before the parse.
 */
const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkMath).freeze();

/**
 * Options that change what a page parses to; part of the content cache's key. The native parser
 * (satteri, in Node) places some nodes that the reference leaves unplaced, so its version is too.
 */
export const DIALECT = 'mdx3+gfm+frontmatter(yaml,toml)+math+heading-ids;satteri@0.10.5';

/**
 * A parser of the dialect: the syntax tree of a page's text (after {@link customHeadingIds}),
 * mdast with MDX's nodes, each placed. It throws when the text does not parse.
 */
export type MdxParser = (text: string) => Root;

/**
 * The reference parser: remark with the platform's plugins. Throws a VFileMessage (with `reason`,
 * `ruleId` and a place) on a syntax error, and a RangeError on nesting too deep for the stack.
 */
export const parseWithReference: MdxParser = (text) => processor.parse(text);

// A heading line ending in `{#id}`: as the platform reads it (at most 3 spaces of indent, an ATX
// heading, the id in braces at the end of the line).
const HEADING_ID = /^( {0,3})(#{1,6})[ \t]+(.+?)[ \t]*(\{[ \t]*#([^}]+?)[ \t]*\})[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** What {@link customHeadingIds} makes of a page. */
export interface CustomHeadingIds {
  /** The text with each `{#id}` blanked out (same length and lines, so positions hold). */
  text: string;
  /** The id written on each heading line, by 1-based line number. */
  ids: Map<number, string>;
}

/**
 * Finds the headings that end with a custom id, `## Title {#custom-id}`, which plain MDX reads as
 * a broken expression, outside fenced code. The platform rewrites such a line into an `<h2 id>`
 * element before it parses the page; here the `{#id}` is replaced by spaces instead, so every
 * line and column of the page stays where the author sees it.
 */
export function customHeadingIds(text: string): CustomHeadingIds {
  const ids = new Map<number, string>();
  if (!text.includes('{#')) return { text, ids };
  const lines = text.split('\n');
  let fence: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    const opening = FENCE.exec(line);
    if (fence !== undefined) {
      if (opening && (opening[1] as string)[0] === fence[0] && (opening[1] as string).length >= fence.length && line.trim() === opening[1]) fence = undefined;
      continue;
    }
    if (opening) {
      fence = opening[1];
      continue;
    }
    const heading = HEADING_ID.exec(line.replace(/\r$/, ''));
    if (!heading) continue;
    const braces = heading[4] as string;
    const start = line.lastIndexOf(braces);
    lines[index] = line.slice(0, start) + ' '.repeat(braces.length) + line.slice(start + braces.length);
    ids.set(index + 1, normaliseCustomId(heading[5] as string));
  }
  return { text: lines.join('\n'), ids };
}

// What the platform strips from a custom id so that it matches the element's id in the page.
const STRIPPED = /[<>"&?,;:!'()[\]{}]/g;
const EMOJI = /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu;

function normaliseCustomId(raw: string): string {
  return raw.trim().replace(STRIPPED, '').replace(EMOJI, '').replace(/\s+/g, '-');
}
