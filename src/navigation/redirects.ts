import type { Locate } from '../config/parse-docs-json.js';
import type { Redirect } from '../config/schemas/site.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { placeDocsJsonFindings, type DocsJsonFinding } from '../config/place-findings.js';
import { didYouMean } from '../diagnostics/suggest.js';

/** Options of {@link checkRedirects}. */
export interface CheckRedirectsOptions {
  /** Places pointers in docs.json (from `parseDocsJson`). */
  locate?: Locate;
  /** Name of docs.json in diagnostics when `locate` is not given. Default `docs.json`. */
  file?: string;
}

/**
 * Checks that every redirect leads somewhere: its destination is a page of the site (`pages`:
 * page paths without leading slash or extension, from the navigation, the page files and the
 * generated endpoint pages), or the source of another redirect that does; a destination with
 * parameters (`/docs/:slug*`) needs some page under its fixed part. External URLs and files with
 * an extension other than .md/.mdx (`/404.html`, `/logo.png`) are not checked. A destination
 * that is not a page is a warning (another application may serve it on the same host); a chain
 * that never reaches a page because it loops is an error.
 */
export function checkRedirects(redirects: readonly Redirect[] | undefined, pages: ReadonlySet<string>, options: CheckRedirectsOptions = {}): Diagnostic[] {
  if (!redirects?.length) return [];
  const findings: DocsJsonFinding[] = [];
  const bySource = new Map<string, number>();
  // Sources with parameters (`/old/:slug*`), in the order of the list: the first that matches applies.
  const patterns: { index: number; pattern: SourcePattern }[] = [];
  redirects.forEach((redirect, index) => {
    // A fragment never reaches the server: a source with one matches no request, so it is no link of a chain.
    if (/[#?]/.test(redirect.source)) return;
    const source = redirectPath(redirect.source);
    if (source === undefined) return;
    if (isPattern(source)) patterns.push({ index, pattern: sourcePattern(source) });
    else if (!bySource.has(source)) bySource.set(source, index);
  });
  // The redirect that applies to a request for `path`, the first in the list whose source matches
  // it, and where it sends the request (its destination with the parameters filled in).
  const applying = (path: string): { index: number; target: string | undefined } | undefined => {
    const exact = bySource.get(path);
    for (const { index, pattern } of patterns) {
      if (exact !== undefined && exact < index) break;
      const values = matchSource(pattern, path);
      if (values) return { index, target: fillDestination(redirects[index]?.destination ?? '', values) };
    }
    return exact === undefined ? undefined : { index: exact, target: redirectPath(redirects[exact]?.destination ?? '') };
  };
  let byName: Map<string, string[]> | undefined;
  let topLevel: Set<string> | undefined;
  // A site served under a base path (example.com/docs) may write it in redirects: "/docs/guides/x"
  // names the page "guides/x" when no page of the site lives under "docs/".
  const exists = (page: string): boolean => {
    if (pages.has(page) || pages.has(`${page}/index`)) return true;
    const slash = page.indexOf('/');
    if (slash < 0) return false;
    topLevel ??= new Set([...pages].map((known) => known.split('/', 1)[0] as string));
    const rest = page.slice(slash + 1);
    return !topLevel.has(page.slice(0, slash)) && (pages.has(rest) || pages.has(`${rest}/index`));
  };
  const report = (index: number, finding: Omit<Diagnostic, 'file' | 'pointer'>) => {
    findings.push({ ...finding, pointer: `/redirects/${index}/destination` });
  };

  redirects.forEach((redirect, index) => {
    const destination = redirectPath(redirect.destination);
    if (destination === undefined || destination === '') return;
    if (isPattern(destination)) {
      const fixed = destination.slice(0, destination.search(/[:*(]/)).replace(/\/[^/]*$/, '');
      if (fixed === '' || pages.has(fixed) || [...pages].some((page) => page.startsWith(`${fixed}/`))) return;
      report(index, {
        code: 'navigation/redirect-to-nothing',
        severity: 'warning',
        message: `The redirect from "${redirect.source}" leads to "${redirect.destination}", but no page of the site is under "/${fixed}".`,
        hint: 'Point the redirect at the folder the pages moved to.',
      });
      return;
    }
    // Follow chains of redirects: a destination may be another redirect's source. A request for a
    // path already requested is a loop (a redirect with parameters may apply again to another path).
    // A source with a fragment matches no request (see above): no request comes back to it.
    const own = /[#?]/.test(redirect.source) ? undefined : redirectPath(redirect.source);
    const requested = new Set<string>(own === undefined || isPattern(own) ? [] : [own]);
    const others = new Set<number>();
    let current = destination;
    for (;;) {
      if (exists(current)) return;
      if (requested.has(current)) {
        const through = others.size;
        report(index, {
          code: 'navigation/redirect-loop',
          severity: 'error',
          message: current === own
            ? `The redirect from "${redirect.source}" comes back to "${redirect.source}"${through ? ` through ${through} other redirect${through === 1 ? '' : 's'}` : ''}; it never reaches a page.`
            : `The redirect from "${redirect.source}" leads into a loop of redirects (through "${redirects[applying(current)?.index ?? index]?.source}"); it never reaches a page.`,
          hint: 'Point one redirect of the chain at a page.',
        });
        return;
      }
      requested.add(current);
      const applied = applying(current);
      if (applied === undefined) break;
      if (applied.index !== index) others.add(applied.index);
      // A chain this long is no site's intent; stop following it rather than guess.
      if (requested.size > 64) return;
      const target = applied.target;
      if (target === undefined || target === '' || isPattern(target)) return;
      current = target;
    }
    byName ??= pagesByName(pages);
    const name = current.slice(current.lastIndexOf('/') + 1);
    const folder = current.slice(0, Math.max(0, current.lastIndexOf('/')));
    const suggestions = (byName.get(name) ?? []).slice(0, 3);
    if (suggestions.length === 0) suggestions.push(...didYouMean(current, [...pages].filter((page) => page.startsWith(folder)), 3));
    const through = current === destination ? '' : ` (through other redirects, "/${current}")`;
    report(index, {
      code: 'navigation/redirect-to-nothing',
      severity: 'warning',
      message: `The redirect from "${redirect.source}" leads to "${redirect.destination}"${through}, which is not a page of the site.`,
      hint: suggestions.length ? `Did you mean "/${suggestions[0]}"?` : 'Point the redirect at an existing page, or remove it.',
      ...(suggestions.length ? { suggestions: suggestions.map((page) => `/${page}`) } : {}),
    });
  });
  return placeDocsJsonFindings(findings, options.locate, options.file);
}

/**
 * The page path a redirect names: no leading or trailing slash, query or fragment. `undefined`
 * for what is not checked: URLs with a scheme or host, and files other than pages.
 */
function redirectPath(value: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return undefined;
  const path = value.replace(/[?#].*$/s, '').replace(/^\/+/, '').replace(/\/+$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (/\.[a-z0-9]+$/i.test(last) && !/\.mdx?$/i.test(last) && !/[:*]/.test(last)) return undefined;
  return path.replace(/\.mdx?$/i, '');
}

/** A redirect source with parameters, as a pattern over page paths, and the names of its parameters in order. */
interface SourcePattern {
  regex: RegExp;
  /** The parameter of each capture group: its name, or its position among the unnamed wildcards (`*`, `(.*)`). */
  names: (string | number)[];
}

/**
 * `old/:slug*` as a pattern: `:name` is one segment, `:name?` one or none, `:name+` one or more,
 * `:name*`, `*` and `(.*)` any number (none too, with the `/` before them), as the platform reads
 * redirect sources.
 */
function sourcePattern(source: string): SourcePattern {
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

/** The values of the parameters of `pattern` in `path`, or `undefined` when it does not match. */
function matchSource(pattern: SourcePattern, path: string): Map<string | number, string> | undefined {
  const match = pattern.regex.exec(path);
  if (!match) return undefined;
  return new Map(pattern.names.map((name, index) => [name, match[index + 1] ?? '']));
}

/**
 * A destination with the parameters of its source filled in (`/new/:slug*` with `slug` =
 * `a/b` is `new/a/b`), as a page path; `undefined` when it is not checked (a URL, a file).
 * A parameter the source does not have is left as written.
 */
function fillDestination(destination: string, values: ReadonlyMap<string | number, string>): string | undefined {
  let wildcards = 0;
  const filled = destination.replace(/:([A-Za-z_]\w*)[*+?]?|\*|\(\.\*\)/g, (written, name: string | undefined) => {
    const value = values.get(name ?? wildcards++);
    return value === undefined ? written : value;
  });
  const path = redirectPath(filled);
  return path === undefined ? undefined : path.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
}

/** Whether a redirect path has parameters or wildcards (`:slug*`, `*`, `(.*)`). */
function isPattern(path: string): boolean {
  return /[:*(]/.test(path);
}

/** Page paths by their last segment, to suggest where a page moved. */
function pagesByName(pages: ReadonlySet<string>): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const page of pages) {
    const name = page.slice(page.lastIndexOf('/') + 1);
    const list = byName.get(name);
    if (list) list.push(page);
    else byName.set(name, [page]);
  }
  return byName;
}
