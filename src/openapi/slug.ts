/** `Get a user` to `get-a-user`: lower case ASCII letters and digits joined by single dashes. */
export function slugify(text: string): string {
  return (
    asciiSlug(text) ??
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  );
}

/**
 * {@link slugify} of an ASCII text in one pass over its words (runs of letters and digits, split
 * where a lower-case letter or digit meets a capital), which makes a few small strings where the
 * rules above make six copies; `undefined` for other texts.
 */
function asciiSlug(text: string): string | undefined {
  let slug = '';
  let start = -1;
  let previous = 0;
  const word = (end: number) => {
    const piece = text.slice(start, end);
    slug = slug ? `${slug}-${piece}` : piece;
  };
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x80) return undefined;
    const upper = code >= 65 && code <= 90;
    if (upper || (code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      if (start === -1) start = index;
      else if (upper && ((previous >= 97 && previous <= 122) || (previous >= 48 && previous <= 57))) {
        word(index);
        start = index;
      }
    } else if (start !== -1) {
      word(index);
      start = -1;
    }
    previous = code;
  }
  if (start !== -1) word(text.length);
  return slug.toLowerCase();
}

/**
 * Longest slug made from a summary, tag, operation ID or path, in characters (a slug is ASCII, so
 * also in bytes). The platform keeps a summary whole in its URL; GitHub's webhooks have one-paragraph
 * summaries whose slugs pass the 255 bytes a file name may have. 100 keeps every URL readable and
 * leaves room for the directory, the tag and `-2` suffixes within the file systems' limits.
 */
export const MAX_SLUG_LENGTH = 100;

/**
 * `slug` cut to {@link MAX_SLUG_LENGTH}: at the last dash within the bound, so that it ends on a
 * whole word, unless that would drop more than half of it (one very long word is cut where it must).
 * Shorter slugs are returned unchanged, so the URLs of ordinary summaries never move.
 */
export function boundSlug(slug: string): string {
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.lastIndexOf('-', MAX_SLUG_LENGTH);
  return slug.slice(0, cut > MAX_SLUG_LENGTH / 2 ? cut : MAX_SLUG_LENGTH).replace(/-+$/, '');
}

/** {@link slugify}, then {@link boundSlug}: the slug of a page or tag folder. */
export function pageSlug(text: string): string {
  return boundSlug(slugify(text));
}

/**
 * Hands out slugs unique within a folder: the first `users` stays `users`, the next ones become
 * `users-2`, `users-3`, ... in the order they are asked for, which is the document's order, so the
 * same document always gives the same URLs.
 */
export class SlugRegistry {
  private readonly taken = new Set<string>();
  /** Next suffix to try per wanted slug, so that a thousand "get-entity" stay linear. */
  private readonly nextSuffix = new Map<string, number>();

  claim(folder: string, wanted: string): string {
    const path = this.claimPath(folder, wanted);
    return folder ? path.slice(folder.length + 1) : path;
  }

  /** {@link claim}, as the page path `folder/slug` (`slug` without a folder): the string the registry keeps, so a page can keep it too. */
  claimPath(folder: string, wanted: string): string {
    const at = (slug: string) => (folder ? [folder, slug].join('/') : slug);
    const key = at(wanted);
    if (!this.taken.has(key)) {
      this.taken.add(key);
      return key;
    }
    let suffix = this.nextSuffix.get(key) ?? 2;
    while (this.taken.has(at(`${wanted}-${suffix}`))) suffix++;
    this.nextSuffix.set(key, suffix + 1);
    const path = at(`${wanted}-${suffix}`);
    this.taken.add(path);
    return path;
  }
}
