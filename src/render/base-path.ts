/**
 * Where a static site's URLs lead from. The pages are rendered as for the root of a host
 * (`/guides/setup`, `/_quire/site.css`, `/images/a.png`), then their URLs from the root are
 * rewritten: relative to each page's folder (`../_quire/site.css`), so that the build works at
 * any path of a host and opened from disk; or, for the `404.html` a host serves at any depth,
 * with the path the site is served under in front (`/docs/`, a GitHub Pages project site).
 */

/**
 * The base path as `/docs/` (leading and trailing slash), from what a user writes (`docs`,
 * `/docs`, `/docs/`, or the site's URL `https://example.github.io/docs/`); `/` for the root.
 * Undefined for a value that cannot be a path (quotes, spaces, `..`, a query).
 */
export function normalizeBase(value: string): string | undefined {
  let path = value.trim();
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return undefined;
    }
  }
  if (/["'<>\\\s?#]/.test(path) || path.split('/').some((part) => part === '..' || part === '.')) return undefined;
  const parts = path.split('/').filter(Boolean);
  return parts.length === 0 ? '/' : `/${parts.join('/')}/`;
}

// The URLs that start at the root (not `//host`): attributes whose value is a URL, a refresh's
// target and the URLs of CSS (`url(/a.png)`), found in one pass over the page; then `srcset`'s.
const ROOT_URL =
  /(\s(?:href|src|poster|action|data-search|data-mermaid|data-playground|data-root)="|<meta http-equiv="refresh" content="\d+;\s*url=|url\((?:&quot;|["'])?)\/(?!\/)/g;
const ROOT_SRCSET = /(\ssrcset=")([^"]*)"/g;

/** An HTML page's root URLs with `base` in front (`base` as {@link normalizeBase} gives it). */
export function htmlWithBase(html: string, base: string): string {
  return base === '/' ? html : htmlWithRoot(html, base);
}

/**
 * The URL of the site's root seen from the page written at `file` (a path in the output folder,
 * `/`-separated): `./` for `index.html`, `../` for `guides/setup.html`, `../../` a folder deeper.
 */
export function relativeRoot(file: string): string {
  const depth = file.split('/').length - 1;
  return depth === 0 ? './' : '../'.repeat(depth);
}

/** An HTML page's URLs from the root (`/guides/setup`) starting with `root` instead (`../`, `/docs/`; ending with `/`). */
export function htmlWithRoot(html: string, root: string): string {
  return html
    .replace(ROOT_URL, `$1${root}`)
    .replace(ROOT_SRCSET, (_, start: string, list: string) => `${start}${list.replace(/(^|,\s*)\/(?!\/)/g, `$1${root}`)}"`);
}

/** A URL path of the site (`/guides/setup`) under `base`; any other URL as it is. */
export function pathWithBase(url: string, base: string): string {
  return base !== '/' && url.startsWith('/') && !url.startsWith('//') ? `${base.slice(0, -1)}${url}` : url;
}
