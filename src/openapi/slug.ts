/** `Get a user` to `get-a-user`: lower case ASCII letters and digits joined by single dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
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
