import slugify from '@sindresorhus/slugify';

// The library builds its transliteration tables on every call; headings repeat across a site.
const cache = new Map<string, string>();
const CACHE_LIMIT = 20_000;

function cachedSlug(text: string, percentEncoded: boolean): string {
  const key = `${percentEncoded ? '%' : ''}\u0000${text}`;
  let slug = cache.get(key);
  if (slug === undefined) {
    slug = percentEncoded ? slugify(text, { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false }) : slugify(text, { decamelize: false, preserveCharacters: ['_'] });
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, slug);
  }
  return slug;
}

/**
 * A slugger for the headings of one page, giving the ids the platform gives them: the text
 * lower-cased with spaces as `-`, percent-encoded, slugged by `@sindresorhus/slugify` (the library
 * the platform uses; encoded non-Latin text keeps its `%XX`), then numbered from the second
 * occurrence (`setup`, `setup-2`). The result is the id as written in the page's HTML; compare
 * anchors with `cleanId` applied to both sides.
 */
export function headingSlugger(): (text: string) => string {
  const occurrences = new Map<string, number>();
  return (text: string) => {
    const encoded = encodeURIComponent(text.toLowerCase().trim().replace(/\s+/g, '-'));
    let slug = cachedSlug(encoded, /%[0-9A-F]{2}/.test(encoded));
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
