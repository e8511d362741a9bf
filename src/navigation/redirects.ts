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
  redirects.forEach((redirect, index) => {
    // A fragment never reaches the server: a source with one matches no request, so it is no link of a chain.
    if (/[#?]/.test(redirect.source)) return;
    const source = redirectPath(redirect.source);
    if (source !== undefined && !isPattern(source) && !bySource.has(source)) bySource.set(source, index);
  });
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
    // Follow chains of redirects: a destination may be another redirect's source.
    const seen = new Set<number>([index]);
    let current = destination;
    for (;;) {
      if (exists(current)) return;
      const next = bySource.get(current);
      if (next === undefined) break;
      if (seen.has(next)) {
        const others = seen.size - 1;
        report(index, {
          code: 'navigation/redirect-loop',
          severity: 'error',
          message: next === index
            ? `The redirect from "${redirect.source}" comes back to "${redirect.source}"${others ? ` through ${others} other redirect${others === 1 ? '' : 's'}` : ''}; it never reaches a page.`
            : `The redirect from "${redirect.source}" leads into a loop of redirects (through "${redirects[next]?.source}"); it never reaches a page.`,
          hint: 'Point one redirect of the chain at a page.',
        });
        return;
      }
      seen.add(next);
      const target = redirectPath(redirects[next]?.destination ?? '');
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
