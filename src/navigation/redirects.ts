import type { Locate } from '../config/parse-docs-json.js';
import type { Redirect } from '../config/schemas/site.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { placeDocsJsonFindings, type DocsJsonFinding } from '../config/place-findings.js';
import { redirectSourcePattern, type RedirectSourcePattern } from '../config/redirect-source.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { append } from '../util/arrays.js';

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
  const graph = new RedirectGraph(redirects, pages);
  let byName: Map<string, string[]> | undefined;
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
    const end = graph.follow(index, destination);
    if (end.kind === 'page' || end.kind === 'unchecked') return;
    if (end.kind === 'loop') {
      const others = end.others;
      report(index, {
        code: 'navigation/redirect-loop',
        severity: 'error',
        message: end.back
          ? `The redirect from "${redirect.source}" comes back to "${redirect.source}"${others ? ` through ${others} other redirect${others === 1 ? '' : 's'}` : ''}; it never reaches a page.`
          : `The redirect from "${redirect.source}" leads into a loop of redirects (through "${redirects[end.next]?.source}"); it never reaches a page.`,
        hint: 'Point one redirect of the chain at a page.',
      });
      return;
    }
    const current = end.path;
    byName ??= pagesByName(pages);
    const name = current.slice(current.lastIndexOf('/') + 1);
    const folder = current.slice(0, Math.max(0, current.lastIndexOf('/')));
    const suggestions = (byName.get(name) ?? []).slice(0, 3);
    if (suggestions.length === 0)
      append(
        suggestions,
        didYouMean(
          current,
          [...pages].filter((page) => page.startsWith(folder)),
          3,
        ),
      );
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

/** A redirect of docs.json and the page it leads to, as {@link resolveRedirects} finds it. */
export interface ResolvedRedirect {
  /** Index of the redirect in docs.json's `redirects`. */
  index: number;
  /**
   * The page path (a key of the pages given) the redirect leads to, following the redirects
   * whose source its destination is; `undefined` for an external URL or a file, a destination
   * with parameters, and one that leads to no page or into a loop.
   */
  page?: string;
  /**
   * The `?query` of the destination that reached the page and the `#anchor` last written along
   * the way, as a browser keeps them through a chain of redirects (a destination without an
   * anchor keeps the one before it); `''` when none.
   */
  suffix: string;
}

/**
 * Where each redirect leads, as {@link checkRedirects} follows it: its destination is a page of
 * the site (`pages`: page paths without leading slash or extension), its folder's `index` page,
 * the page under a base path the site is served under, or the source of another redirect that
 * leads to one. `/` leads to the home page (`index`).
 */
export function resolveRedirects(redirects: readonly Redirect[] | undefined, pages: ReadonlySet<string> | ReadonlyMap<string, unknown>): ResolvedRedirect[] {
  if (!redirects?.length) return [];
  const graph = new RedirectGraph(redirects, pages);
  return redirects.map((redirect, index) => {
    const destination = redirectPath(redirect.destination);
    if (destination === undefined || isPattern(destination)) return { index, suffix: '' };
    const end =
      destination === '' ? (pages.has('index') ? { kind: 'page' as const, page: 'index', via: [index] } : undefined) : graph.follow(index, destination);
    if (end?.kind !== 'page') return { index, suffix: '' };
    const written = end.via.map((hop) => redirects[hop]?.destination ?? '');
    const query = /\?[^#]*/.exec(written.at(-1) ?? '')?.[0] ?? '';
    const anchor =
      written
        .map((value) => /#.*$/s.exec(value)?.[0])
        .filter((found) => found !== undefined)
        .at(-1) ?? '';
    return { index, page: end.page, suffix: `${query}${anchor}` };
  });
}

/** Where following a redirect ends. */
type RedirectEnd =
  /** At a page; `via` are the redirects followed, in order (the last one's destination is the page). */
  | { kind: 'page'; page: string; via: number[] }
  /** At a path that is no page and no redirect's source. */
  | { kind: 'nowhere'; path: string }
  /**
   * At a path already requested, to which redirect `next` applies: `back` when it is the source of
   * the redirect followed first, after `others` other redirects.
   */
  | { kind: 'loop'; next: number; back: boolean; others: number }
  /** At a destination that is not checked: a URL, a file, or one with parameters. */
  | { kind: 'unchecked' };

/** The redirects of a site by source, and the pages they can lead to. */
class RedirectGraph {
  private readonly bySource = new Map<string, number>();
  /** Sources with parameters (`/old/:slug*`), in the order of the list: the first that matches applies. */
  private readonly patterns: { index: number; pattern: RedirectSourcePattern }[] = [];
  private topLevel: Set<string> | undefined;

  constructor(
    private readonly redirects: readonly Redirect[],
    private readonly pages: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  ) {
    for (let index = 0; index < redirects.length; index++) {
      const source = this.source(index);
      if (source === undefined) continue;
      if (isPattern(source)) this.patterns.push({ index, pattern: redirectSourcePattern(source) });
      else if (!this.bySource.has(source)) this.bySource.set(source, index);
    }
  }

  /**
   * Follows redirect `index`, whose destination is the page path `destination`, to where its chain
   * ends. A request for a path already requested is a loop (a redirect with parameters may apply
   * again to another path).
   */
  follow(index: number, destination: string): RedirectEnd {
    const own = this.source(index);
    const requested = new Set<string>(own === undefined || isPattern(own) ? [] : [own]);
    const via = [index];
    let current = destination;
    for (;;) {
      const page = this.page(current);
      if (page !== undefined) return { kind: 'page', page, via };
      if (requested.has(current)) {
        const others = new Set(via.filter((hop) => hop !== index)).size;
        return { kind: 'loop', next: this.applying(current)?.index ?? index, back: current === own, others };
      }
      requested.add(current);
      const applied = this.applying(current);
      if (applied === undefined) return { kind: 'nowhere', path: current };
      via.push(applied.index);
      // A chain this long is no site's intent; stop following it rather than guess.
      if (requested.size > 64) return { kind: 'unchecked' };
      const target = applied.target;
      if (target === undefined || target === '' || isPattern(target)) return { kind: 'unchecked' };
      current = target;
    }
  }

  /** The source of redirect `index` as a page path; a source with a fragment matches no request (it never reaches the server). */
  private source(index: number): string | undefined {
    const source = this.redirects[index]?.source ?? '';
    return /[#?]/.test(source) ? undefined : redirectPath(source);
  }

  /**
   * The redirect that applies to a request for `path`, the first in the list whose source matches
   * it, and where it sends the request (its destination with the parameters filled in).
   */
  private applying(path: string): { index: number; target: string | undefined } | undefined {
    const exact = this.bySource.get(path);
    for (const { index, pattern } of this.patterns) {
      if (exact !== undefined && exact < index) break;
      const values = matchSource(pattern, path);
      if (values) return { index, target: fillDestination(this.redirects[index]?.destination ?? '', values) };
    }
    return exact === undefined ? undefined : { index: exact, target: redirectPath(this.redirects[exact]?.destination ?? '') };
  }

  /**
   * The page a path names: itself, its folder's `index`, or, for a site served under a base path
   * (example.com/docs) that writes it in redirects, the page below it: "/docs/guides/x" names
   * "guides/x" when no page of the site lives under "docs/".
   */
  private page(path: string): string | undefined {
    const own = this.known(path);
    if (own !== undefined) return own;
    const slash = path.indexOf('/');
    if (slash < 0) return undefined;
    this.topLevel ??= new Set([...this.pages.keys()].map((known) => known.split('/', 1)[0] as string));
    return this.topLevel.has(path.slice(0, slash)) ? undefined : this.known(path.slice(slash + 1));
  }

  private known(path: string): string | undefined {
    if (this.pages.has(path)) return path;
    return this.pages.has(`${path}/index`) ? `${path}/index` : undefined;
  }
}

/**
 * The page path a redirect names: no leading or trailing slash, query or fragment. `undefined`
 * for what is not checked: URLs with a scheme or host, and files other than pages.
 */
function redirectPath(value: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return undefined;
  const path = value
    .replace(/[?#].*$/s, '')
    .replace(/^\/+/, '')
    .replace(/\/+$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (/\.[a-z0-9]+$/i.test(last) && !/\.mdx?$/i.test(last) && !/[:*]/.test(last)) return undefined;
  return path.replace(/\.mdx?$/i, '');
}

/** A redirect source with parameters, as a pattern over page paths, and the names of its parameters in order. */
/** The values of the parameters of `pattern` in `path`, or `undefined` when it does not match. */
function matchSource(pattern: RedirectSourcePattern, path: string): Map<string | number, string> | undefined {
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
