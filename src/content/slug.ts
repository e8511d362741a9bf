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
    const slug = (written === undefined ? '' : cleanWrittenId(written)) || slugOfEncoded(encodeURIComponent(text.toLowerCase().trim().replace(/\s+/g, '-')));
    if (!slug) return '';
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    if (count === 0) return slug;
    let suffix = count + 1;
    while (seen.has(`${slug}-${suffix}`)) suffix++;
    seen.set(`${slug}-${suffix}`, 1);
    return `${slug}-${suffix}`;
  };
}

/**
 * A written heading id as the platform makes it the element's id (@mintlify/common's
 * `cleanHeadingId`): percent escapes decoded, the punctuation `?,;:!'"()[]{}` and emoji removed.
 */
function cleanWrittenId(id: string): string {
  let decoded = id;
  try {
    decoded = decodeURIComponent(id.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    // A malformed escape: the platform keeps the id as written.
    return id;
  }
  return decoded.replace(/[?,;:!'"()[\]{}]/g, '').replace(/\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu, '');
}

/**
 * `slugify(encoded, { decamelize: false, preserveCharacters: ['_'] })`, or with `%` preserved
 * and case kept (`lowercase: false`) when the text has percent escapes, as the platform calls it.
 */
export function slugOfEncoded(encoded: string): string {
  const percent = /%[0-9A-F]{2}/.test(encoded);
  return (percent ? encoded : encoded.toLowerCase())
    .replace(/([a-zA-Z\d]+)'([ts])(\s|$)/g, '$1$2$3')
    .replace(percent ? /[^a-z\dA-Z%_]+/g : /[^a-z\d_]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}
