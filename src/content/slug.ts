import { encodeUriComponent } from '../util/uri.js';

/**
 * A slugger for the headings of one page, giving the ids the platform gives them. The platform
 * lower-cases the text, joins words with `-`, percent-encodes it (`encodeURIComponent`), and
 * slugs that with `@sindresorhus/slugify` (keeping `%` and upper case when the text had
 * characters to encode, so that `安装` stays `%E5%AE%89%E8%A3%85`). An id the author wrote
 * (`## Title {#id}`, `<h2 id="id">`) takes the place of the slug, cleaned as the platform cleans
 * it. Then slugs and written ids alike are made unique over the page, in order (@mintlify/common's
 * remarkExtractTableOfContents): the second `setup` is `setup-2`, the third `setup-3`, skipping a
 * number already taken (`setup-2` written after two `setup` is `setup-2-2`); a written id is
 * numbered too when a heading before it has the same id. The result is the id as the page's HTML
 * writes it; compare anchors with `anchorKey` applied to both sides.
 *
 * The slugging below is that library's, for the only strings it is given here: percent-encoded
 * text is ASCII without `&`, which the library's transliteration leaves as it is (it replaces `&`
 * and non-ASCII characters only), so what remains is its contraction rule and its separators.
 * Calling the library costs half a millisecond a heading (it builds a regular expression from
 * two thousand replacements on every call): a third of the time to read a page. A test compares
 * both on every heading of the corpus.
 */
export function headingSlugger(): (text: string, written?: string) => string {
  const seen = new Map<string, number>();
  return (text: string, written?: string) => {
    // An empty slug is numbered too: `<Update label={<>...</>}>`, whose label is no text, has no id
    // the first time and `-2`, `-3` after.
    const slug = (written === undefined ? '' : cleanHeadingId(written)) || slugOfText(text);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    if (count === 0) return slug;
    let suffix = count + 1;
    while (seen.has(`${slug}-${suffix}`)) suffix++;
    seen.set(`${slug}-${suffix}`, 1);
    return `${slug}-${suffix}`;
  };
}

/** What {@link headingIds} reads of a heading: a `PageHeading` will do. */
export interface HeadingIdSource {
  readonly text: string;
  readonly depth: number;
  /** The id the author wrote, if any. */
  readonly custom?: string;
  /** The element the heading is written as; absent for a Markdown heading. */
  readonly element?: string;
  /** `false` when the heading is out of the table of contents. */
  readonly toc?: boolean;
}

/**
 * The ids the platform gives a page's headings, in document order, as @mintlify/common gives
 * them in two steps. First every Markdown heading of levels 1 to 4 (`## Title`, without `{#id}`,
 * which the platform rewrites into an `<h2 id>`) gets its slug, numbered among those headings
 * only by the library's counter (remarkComponentIds: the second `Setup` is `setup-2`). Then
 * every heading of the table of contents gets its final id, numbered over all of them (see
 * {@link headingSlugger}, remarkExtractTableOfContents): a Markdown heading from its first slug
 * (cleaned, so `What's new?` is `whats-new`), an element from the id written on it, else from
 * its text. A heading out of the table of contents (`toc: false`) keeps its first slug, or the
 * id written on it, or has none (`''`: a `#####` heading). On a page of `mode: custom` or
 * `frame`, Markdown headings and `<h1>`-`<h6>` get no id but a written one; `Update`, `Step`
 * and `Heading` are numbered all the same.
 */
export function headingIds(headings: readonly HeadingIdSource[], mode?: string): string[] {
  const customPage = mode === 'custom' || mode === 'frame';
  const first = markdownSlugCounter();
  const final = headingSlugger();
  return headings.map((heading) => {
    const markdown = heading.element === undefined && heading.custom === undefined;
    const slug = markdown && heading.depth <= 4 && !customPage ? first(heading.text) : undefined;
    const plain = heading.element === undefined || /^h[1-6]$/.test(heading.element);
    if (heading.toc === false || (customPage && plain)) return slug ?? heading.custom ?? '';
    return final(heading.text, slug ?? heading.custom);
  });
}

/**
 * `slugifyWithCounter()` of @sindresorhus/slugify 2.2.0 as @mintlify/common's `slugify` calls it
 * on heading text: a repeat gets `-2`, `-3`, ... by the repeats of its slug (case aside), and a
 * slug that ends in numbers, whose base came more than twice, gets its own count too (the
 * library's rule: `setup-5` after three `setup` is `setup-5-1`).
 */
function markdownSlugCounter(): (text: string) => string {
  const occurrences = new Map<string, number>();
  return (text: string) => {
    const slug = slugOfText(text);
    if (!slug) return '';
    const key = slug.toLowerCase();
    const numberless = occurrences.get(key.replace(/(?:-\d+?)+?$/, '')) ?? 0;
    const count = (occurrences.get(key) ?? 0) + 1;
    occurrences.set(key, count);
    return count >= 2 || numberless > 2 ? `${slug}-${count}` : slug;
  };
}

/** The platform's slug of a heading's text, not numbered (@mintlify/common's `slugify`). */
export function slugOfText(text: string): string {
  return slugOfEncoded(encodeUriComponent(text.toLowerCase().trim().replace(/\s+/g, '-')));
}

/**
 * A written heading id as the platform makes it the element's id (@mintlify/common's
 * `cleanHeadingId`): percent escapes decoded, the punctuation `?,;:!'"()[]{}` and emoji removed.
 * A malformed escape leaves the id as written.
 */
export function cleanHeadingId(id: string): string {
  // Most ids are letters, digits, `-` and `_` already (60,000 headings: 50 ms of the decoding).
  if (PLAIN_ID.test(id)) return id;
  let decoded = id;
  try {
    decoded = decodeURIComponent(id.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    // A malformed escape: the platform keeps the id as written.
    return id;
  }
  return decoded
    .replace(/[?,;:!'"()[\]{}]/g, '')
    .replace(/\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu, '');
}

const PLAIN_ID = /^[\w-]*$/;

/**
 * `slugify(encoded, { decamelize: false, preserveCharacters: ['_'] })`, or with `%` preserved
 * and case kept (`lowercase: false`) when the text has percent escapes, as the platform calls it.
 * The library at the version the platform pins, 2.2.0: a lone `s` or `t` after a word joins it
 * once separators are in (`what's-new` and `passe-t-il` give `whats-new`, `passet-il`; 2.2.1
 * joins `'s` and `'t` before a space or at the end instead).
 */
export function slugOfEncoded(encoded: string): string {
  const percent = /%[0-9A-F]{2}/.test(encoded);
  return (percent ? encoded : encoded.toLowerCase())
    .replace(percent ? /[^a-z\dA-Z%_]+/g : /[^a-z\d_]+/g, '-')
    .replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}
