/** `Get a user` to `get-a-user`: lower case ASCII letters and digits joined by single dashes. */
export function slugify(text: string): string {
  return asciiSlug(text) ?? text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * {@link slugify} of an ASCII text in one pass, which makes one string instead of six (a large
 * description slugifies tens of thousands of summaries); `undefined` for other texts.
 */
function asciiSlug(text: string): string | undefined {
  if (text.length > 1024) return undefined;
  const codes: number[] = [];
  let dash = false;
  let previous = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x80) return undefined;
    const upper = code >= 65 && code <= 90;
    const lower = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    if (!upper && !lower) dash = true;
    else {
      // `aB` and `1B` start a new word; `AB` does not.
      if (upper && ((previous >= 97 && previous <= 122) || (previous >= 48 && previous <= 57))) dash = true;
      if (dash && codes.length) codes.push(45);
      dash = false;
      codes.push(upper ? code + 32 : code);
    }
    previous = code;
  }
  return String.fromCharCode(...codes);
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
    const key = `${folder}/${wanted}`;
    let slug = wanted;
    let suffix = this.nextSuffix.get(key) ?? 2;
    if (this.taken.has(key)) {
      while (this.taken.has(`${folder}/${wanted}-${suffix}`)) suffix++;
      slug = `${wanted}-${suffix}`;
      this.nextSuffix.set(key, suffix + 1);
    }
    this.taken.add(`${folder}/${slug}`);
    return slug;
  }
}
