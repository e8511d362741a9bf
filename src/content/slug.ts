/**
 * A slugger for the headings of one page, giving the ids the platform gives them. The platform
 * lower-cases the text, joins words with `-`, percent-encodes it (`encodeURIComponent`), and
 * slugs that with `@sindresorhus/slugify` (keeping `%` and upper case when the text had
 * characters to encode, so that `安装` stays `%E5%AE%89%E8%A3%85`), then numbers repeats from the
 * second (`setup`, `setup-2`). The result is the id as the page's HTML writes it; compare anchors
 * with `anchorKey` applied to both sides.
 *
 * The slugging below is that library's, for the only strings it is given here: percent-encoded
 * text is ASCII without `&`, which the library's transliteration leaves as it is (it replaces `&`
 * and non-ASCII characters only), so what remains is its contraction rule and its separators.
 * Calling the library costs half a millisecond a heading (it builds a regular expression from
 * two thousand replacements on every call): a third of the time to read a page. A test compares
 * both on every heading of the corpus.
 */
export function headingSlugger(): (text: string) => string {
  const occurrences = new Map<string, number>();
  return (text: string) => {
    let slug = slugOfEncoded(encodeURIComponent(text.toLowerCase().trim().replace(/\s+/g, '-')));
    if (!slug) return '';
    // `slugifyWithCounter` of @sindresorhus/slugify 2, which the platform's counter follows.
    const lower = slug.toLowerCase();
    const numberless = occurrences.get(lower.replace(/(?:-\d+?)+?$/, '')) ?? 0;
    const count = (occurrences.get(lower) ?? 0) + 1;
    occurrences.set(lower, count);
    if (count >= 2 || numberless > 2) slug = `${slug}-${count}`;
    return slug;
  };
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
