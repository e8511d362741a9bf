/**
 * What makes a page slow to parse, measured in one pass over its text before any parser reads it.
 * satteri's time grows with the square of how deeply elements nest (4,000 `<span>` nested in a
 * paragraph: 1.2 s of CPU, 16,000: 16 s) and of how many tags and expressions one paragraph holds
 * (a 2 MB line of `<` or `{`: hours); remark's grows fast on both too (bench/hostile.mjs).
 */
export interface PageShape {
  /** The deepest nesting of tags (`<Name …>` not closed yet) outside code blocks; tags over several lines are not counted. */
  depth: number;
  /** The most openings of tags and expressions (`<` before anything but a space, and `{`) in one paragraph outside code blocks. */
  paragraphOpenings: number;
  /** The most expressions side by side (a `{` outside any other) in one paragraph outside code blocks. */
  paragraphExpressions: number;
  /** The most runs of emphasis markers (`*`, `_`, `~`) in one paragraph outside code blocks. */
  paragraphMarkers: number;
}

/**
 * Nesting deeper than this is not read: a `content/too-large` warning, or `content/too-deep` past
 * the 5,000 levels where the reference parser (the platform's) runs out of stack too. The reference reads 5,000 levels of `<span>` in a paragraph (in 2.3 s)
 * and runs out of stack at 6,000; satteri takes 0.7 s at 3,000. The deepest corpus page counts 370
 * (tags left open in prose, which this count does not tell from nesting).
 */
export const MAX_TAG_DEPTH = 3_000;

/**
 * More openings than this in one paragraph and the reference parser reads the page first, within
 * its budget; satteri only when the reference runs out. The corpus's most in one paragraph is
 * {@link CORPUS_MOST_OPENINGS}; satteri reads 16,000 `{}` on one line in 0.4 s.
 */
export const MAX_PARAGRAPH_OPENINGS = 10_000;

/** The most openings in one paragraph of the 47,029 pages of the 52 corpus sites (an MCP schema page). */
export const CORPUS_MOST_OPENINGS = 1_140;

/**
 * More runs of emphasis markers (`*`, `_`, `~`) than this in one paragraph and the page is not
 * read (`content/too-large`): past about 250,000, satteri's time grows with the square of their
 * number (2 MB of `*a _b ` and then `_ *`, 580,000 runs: 3.7 s of CPU; half of it: 0.7 s; 100,000
 * runs: under 0.1 s). The corpus's most in one paragraph is {@link CORPUS_MOST_MARKERS}.
 */
export const MAX_PARAGRAPH_MARKERS = 100_000;

/** The most emphasis marker runs in one paragraph of the 47,029 pages of the 52 corpus sites (tkhq's policy language page). */
export const CORPUS_MOST_MARKERS = 757;

/**
 * More nodes than this in one page's syntax tree and the page is not read (`content/too-large`):
 * each node costs the reading of a page memory and time (a table of 16,000 rows and 30 columns,
 * a million nodes in 1.9 MB, took 2 s of CPU and 465 MB), and no real page comes near. The most of
 * the corpus's pages is {@link CORPUS_MOST_NODES}; a 2 MB page written like it would hold about 100,000.
 */
export const MAX_PAGE_NODES = 250_000;

/** The most nodes in one page of the corpus (Arize-ai/phoenix's CHANGELOG.md, 743 KB, as satteri reads it). */
export const CORPUS_MOST_NODES = 37_246;

/** What a native parser throws when a page's tree holds more than {@link MAX_PAGE_NODES} nodes, before building it. */
export class TooManyNodes extends Error {
  constructor(readonly nodes: number) {
    super(`The page holds ${nodes} nodes.`);
    this.name = 'TooManyNodes';
  }
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
// An opening tag whole on one line (`<span>`, `<Card title="x">`), or a closing one; `/>` closes itself.
const TAG = /<(\/?)([A-Za-z][\w.:-]*)(?:\s[^<>]*?)?(\/?)>/g;
const OPENING = /<\S|\{/g;
const MARKERS = /[*_~]+/g;

/**
 * Whether a page could pass any bound: it has more `<` than {@link MAX_TAG_DEPTH}, more `<` and `{`
 * together than {@link MAX_PARAGRAPH_OPENINGS}, or more `*`, `_` and `~` than
 * {@link MAX_PARAGRAPH_MARKERS}. Counting `<` and `{` took 0.19 s over the 200 MB of the corpus's
 * 47,029 pages, measuring the shape 3.2 s; 8 of those pages have that many.
 */
export function mayBeHostile(text: string): boolean {
  const angles = countOf(text, '<');
  return (
    angles > MAX_TAG_DEPTH ||
    angles + countOf(text, '{') > MAX_PARAGRAPH_OPENINGS ||
    countOf(text, '*') + countOf(text, '_') + countOf(text, '~') > MAX_PARAGRAPH_MARKERS
  );
}

function countOf(text: string, character: string): number {
  let count = 0;
  for (let at = text.indexOf(character); at !== -1; at = text.indexOf(character, at + 1)) count++;
  return count;
}

/** The {@link PageShape} of a page's text. Linear in its length. */
export function pageShape(text: string): PageShape {
  let depth = 0;
  let deepest = 0;
  let openings = 0;
  let most = 0;
  let braces = 0;
  let expressions = 0;
  let mostExpressions = 0;
  let markers = 0;
  let mostMarkers = 0;
  let fence: string | undefined;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    const marker = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    if (line.trim() === '') {
      openings = 0;
      braces = 0;
      expressions = 0;
      markers = 0;
      continue;
    }
    if (line.includes('*') || line.includes('_') || line.includes('~')) {
      MARKERS.lastIndex = 0;
      while (MARKERS.exec(line)) markers++;
      if (markers > mostMarkers) mostMarkers = markers;
    }
    const tags = line.includes('<');
    if (!tags && !line.includes('{')) continue;
    OPENING.lastIndex = 0;
    while (OPENING.exec(line)) openings++;
    if (openings > most) most = openings;
    for (let at = 0; at < line.length; at++) {
      const code = line.charCodeAt(at);
      if (code === 123 /* { */ && braces++ === 0) expressions++;
      else if (code === 125 /* } */ && braces > 0) braces--;
    }
    if (expressions > mostExpressions) mostExpressions = expressions;
    if (!tags) continue;
    TAG.lastIndex = 0;
    for (let tag = TAG.exec(line); tag; tag = TAG.exec(line)) {
      if (tag[1]) depth = Math.max(0, depth - 1);
      else if (!tag[3]) depth++;
      if (depth > deepest) deepest = depth;
    }
  }
  return { depth: deepest, paragraphOpenings: most, paragraphExpressions: mostExpressions, paragraphMarkers: mostMarkers };
}
