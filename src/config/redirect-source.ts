/** A redirect source with parameters, as a pattern over page paths (no leading slash). */
export interface RedirectSourcePattern {
  regex: RegExp;
  /** The parameter of each capture group: its name, or its position among the unnamed wildcards (`*`, `(.*)`). */
  names: (string | number)[];
}

/**
 * `old/:slug*` as a pattern: `:name` is one segment, `:name?` one or none, `:name+` one or more,
 * `:name*`, `*` and `(.*)` any number (none too, with the `/` before them), as the platform reads
 * redirect sources. The redirect check follows redirects with it, and the content check takes a
 * link to a path it matches as leading to the redirect's destination: both read `docs/:slug*` as
 * matching `docs` itself.
 */
export function redirectSourcePattern(source: string): RedirectSourcePattern {
  const names: (string | number)[] = [];
  let wildcards = 0;
  const parts = source.split(/(:[A-Za-z_]\w*[*+?]?|\*|\(\.\*\))/);
  let regex = '';
  parts.forEach((part, index) => {
    if (index % 2 === 0) {
      regex += part.replace(/[.+?^${}()|[\]\\*]/g, '\\$&');
      return;
    }
    const many = part === '*' || part === '(.*)' || part.endsWith('*');
    names.push(part.startsWith(':') ? part.slice(1).replace(/[*+?]$/, '') : wildcards++);
    const group = many ? '(.*)' : part.endsWith('+') ? '(.+)' : part.endsWith('?') ? '([^/]*)' : '([^/]+)';
    // `docs/:slug*` matches `docs` itself: the slash goes with what may be empty.
    if ((many || part.endsWith('?')) && regex.endsWith('/')) regex = `${regex.slice(0, -1)}(?:/${group})?`;
    else regex += group;
  });
  return { regex: new RegExp(`^${regex}$`), names };
}
