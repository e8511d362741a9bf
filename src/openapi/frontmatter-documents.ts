import { didYouMean } from '../diagnostics/suggest.js';
import { joinPath } from '../util/posix-path.js';

/**
 * How a page's frontmatter names its OpenAPI document (`openapi: v2 GET /x`,
 * `openapi-schema: /specs/api.yaml User`), the way the platform reads it: never relative to the
 * page. The name is a path from the root of the docs (a leading `/` or `./` changes nothing), the
 * file name without its extension, or a part of either; the site's OpenAPI files are every JSON
 * or YAML file of the repository that declares `openapi`, plus the documents of docs.json.
 */

/** A frontmatter field that points at an OpenAPI document, split into its words. */
export interface FrontmatterReference {
  /** The document the field names (`v2`, `/specs/api.yaml`, a URL), if it names one. */
  document?: string;
}

/**
 * The document named by an `openapi:` value (`[document] METHOD /path`, three words) or an
 * `openapi-schema:` value (`[document] Name`, two words).
 */
export function frontmatterReference(field: 'openapi' | 'openapi-schema', value: string): FrontmatterReference {
  const words = value.trim().split(/\s+/);
  const named = field === 'openapi' ? words.length >= 3 : words.length >= 2;
  return named && words[0] !== undefined ? { document: words[0] } : {};
}

/** Whether a document name is a URL (`https://…`), matched as written. */
export function isUrlName(name: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(name);
}

/**
 * The known documents a frontmatter name may mean, in the platform's order of preference: the
 * document at that path from the root, then those whose path contains the name, then those whose
 * file name without extension is the name, then those whose file name contains it. The platform
 * takes the first of these that holds the operation, so the caller checks them in this order.
 */
export function documentsNamed(name: string, known: readonly string[]): string[] {
  const wanted = normaliseName(name);
  if (wanted === '') return [];
  const tiers: Array<(location: string, stem: string) => boolean> = [
    (location) => location === wanted,
    (location) => location.includes(wanted),
    (_, stem) => stem === wanted,
    (_, stem) => stem.includes(wanted),
  ];
  const ranked = new Set<string>();
  for (const tier of tiers) for (const { source, location, stem } of orderedNames(known)) if (tier(location, stem)) ranked.add(source);
  return [...ranked];
}

/**
 * The known documents in the platform's order with their compared forms, made once per list:
 * every page of Firma (5,073) names one of its 57 documents, and ordering them per page took
 * 0.25 of the 2.3 s of a warm `quire validate` there.
 */
const ordered = new WeakMap<readonly string[], Array<{ source: string; location: string; stem: string }>>();
function orderedNames(known: readonly string[]): Array<{ source: string; location: string; stem: string }> {
  let names = ordered.get(known);
  if (names === undefined) {
    names = inPlatformOrder(known).map((source) => {
      const location = normaliseName(source);
      return { source, location, stem: fileStem(location) };
    });
    ordered.set(known, names);
  }
  return names;
}

/**
 * Documents in the order the platform meets them, which decides between equal matches: the
 * repository's files as a depth-first walk with each folder's entries sorted by name (Node's
 * readdir), then the documents given by URL.
 */
export function inPlatformOrder(sources: readonly string[]): string[] {
  // Each name's segments once, not in every comparison: Firma's 5,000 pages name one of 57
  // documents each, and sorting with the keys made per comparison took 0.6 s of its 3 s run.
  const keyed = sources.map((source) => ({ source, key: isUrlName(source) ? undefined : normaliseName(source).split('/') }));
  keyed.sort(({ key: a }, { key: b }) => {
    if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
    for (let index = 0; index < Math.min(a.length, b.length); index++) {
      const x = a[index] as string;
      const y = b[index] as string;
      if (x !== y) return x < y ? -1 : 1;
    }
    return a.length - b.length;
  });
  return keyed.map(({ source }) => source);
}

/** The documents the author probably meant by a name that matches none: nearest paths, then nearest file names. */
export function nearestDocuments(name: string, known: readonly string[]): string[] {
  const wanted = normaliseName(name);
  const byPath = didYouMean(wanted, known.map(normaliseName));
  const stems = new Map<string, string>();
  for (const source of known) {
    const location = normaliseName(source);
    if (!stems.has(fileStem(location))) stems.set(fileStem(location), location);
  }
  const byStem = didYouMean(fileStem(wanted), stems.keys()).map((stem) => stems.get(stem) as string);
  return [...new Set([...byPath, ...byStem])].slice(0, 3);
}

/** A name as the platform compares it: a URL as written, a path resolved from the root without its leading `/`. */
function normaliseName(name: string): string {
  const trimmed = name.trim();
  if (isUrlName(trimmed)) return trimmed;
  return joinPath('/', trimmed).slice(1);
}

/** `restapi/versions/v2.json` gives `v2`; `analytics.openapi.json` gives `analytics.openapi`. */
function fileStem(location: string): string {
  const name = location.slice(location.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** What checking the pages' OpenAPI frontmatter needs read, from {@link frontmatterDocumentNeeds}. */
export interface FrontmatterDocumentNeeds {
  /** Documents named by URL: read as given. */
  urls: string[];
  /**
   * Whether the repository's OpenAPI files are needed: some page names a document by path or
   * file name (which the platform looks up among them), or names none and has none in effect.
   */
  repositoryFiles: boolean;
}

/**
 * The documents the `openapi` / `openapi-schema` frontmatter of the pages may refer to beyond
 * those in effect in the navigation. `inEffect` gives the number of documents in effect where a
 * page is listed.
 */
export function frontmatterDocumentNeeds(
  frontmatter: ReadonlyMap<string, Readonly<Record<string, unknown>>>,
  inEffect: (page: string) => number,
): FrontmatterDocumentNeeds {
  const urls = new Set<string>();
  let repositoryFiles = false;
  for (const [page, data] of frontmatter) {
    for (const field of ['openapi', 'openapi-schema'] as const) {
      const value = data[field];
      if (typeof value !== 'string') continue;
      const { document } = frontmatterReference(field, value);
      if (document !== undefined && isUrlName(document)) urls.add(document);
      else if (document !== undefined || inEffect(page) === 0) repositoryFiles = true;
    }
  }
  return { urls: [...urls], repositoryFiles };
}

/**
 * The known document a name would mean if it were relative to the page's folder (`../api.json`
 * from `ja/reference/x`), when that is not what the root-relative reading gives already; the
 * platform never reads it so, which is worth telling the author.
 */
export function pageRelativeDocument(name: string, pagePath: string, known: readonly string[]): string | undefined {
  const trimmed = name.trim();
  if (isUrlName(trimmed) || trimmed.startsWith('/')) return undefined;
  const folder = pagePath.includes('/') ? pagePath.slice(0, pagePath.lastIndexOf('/')) : '';
  if (folder === '') return undefined;
  const relative = joinPath(folder, trimmed);
  if (relative.startsWith('..')) return undefined;
  const stripped = (source: string) => normaliseName(source).replace(/\.(?:ya?ml|json)$/i, '');
  return known.find((source) => normaliseName(source) === relative) ?? known.find((source) => stripped(source) === relative.replace(/\.(?:ya?ml|json)$/i, ''));
}
