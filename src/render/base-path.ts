/**
 * A static site served under a path of its host (`https://example.github.io/docs/`, a GitHub
 * Pages project site): every URL that starts at the site's root (`/guides/setup`,
 * `/_quire/site.css`, `/images/a.png`) gets the path in front. The pages are rendered as for the
 * root, then their URLs are rewritten: links and media written in the pages, the shell's own
 * files, the search index, redirects.
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

// Attributes whose value is a URL, and the URLs of CSS (`url(/a.png)`), that start at the root (not `//host`).
const ROOT_ATTRIBUTE = /(\s(?:href|src|poster|action|data-search|data-mermaid)=")\/(?!\/)/g;
const ROOT_SRCSET = /(\ssrcset=")([^"]*)"/g;
const ROOT_CSS_URL = /(url\((?:&quot;|["'])?)\/(?!\/)/g;
const ROOT_REFRESH = /(<meta http-equiv="refresh" content="\d+;\s*url=)\/(?!\/)/g;

/** An HTML page's root URLs with `base` in front (`base` as {@link normalizeBase} gives it). */
export function htmlWithBase(html: string, base: string): string {
  if (base === '/') return html;
  const prefix = base.slice(0, -1);
  return html
    .replace(ROOT_ATTRIBUTE, `$1${prefix}/`)
    .replace(ROOT_REFRESH, `$1${prefix}/`)
    .replace(ROOT_CSS_URL, `$1${prefix}/`)
    .replace(ROOT_SRCSET, (_, start: string, list: string) => `${start}${list.replace(/(^|,\s*)\/(?!\/)/g, `$1${prefix}/`)}"`);
}

/** A URL path of the site (`/guides/setup`) under `base`; any other URL as it is. */
export function pathWithBase(url: string, base: string): string {
  return base !== '/' && url.startsWith('/') && !url.startsWith('//') ? `${base.slice(0, -1)}${url}` : url;
}
