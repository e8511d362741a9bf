import type { Redirect } from '../config/schemas/site.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { NavigationNode } from '../navigation/types.js';
import { isInFolder } from '../util/posix-path.js';

/** Where a document is named: the file, pointer, line and column the user would change. */
export interface SourcePlace {
  file: string;
  pointer: string;
  line?: number;
  column?: number;
}

/**
 * An OpenAPI document as the adapter read it (`readOpenApiSource` in quire-docs/node): its text, or
 * why there is none.
 */
export interface OpenApiRead {
  text?: string;
  /** Why there is no text (the first is reported). */
  diagnostics: Diagnostic[];
  /** A URL that could not be fetched because no network answered (see `readOpenApiSource`). */
  unreachable?: boolean;
}

/** Options of {@link openApiDocuments}. */
export interface OpenApiDocumentsOptions {
  /** Documents given by URL were not fetched on purpose. */
  offline: boolean;
  /** Where each source is named, to put its diagnostics there; `undefined` leaves them in the document. */
  place: (source: string) => SourcePlace | undefined;
  /** What depends on a document, in words (`3 endpoint references`), for the warning about a skipped URL. */
  uses: (source: string) => string;
}

/** What {@link openApiDocuments} returns. */
export interface OpenApiDocuments {
  /** The text of each document read, by source. */
  texts: Map<string, string>;
  /** Documents not read whose failure is in `diagnostics`: nothing is checked against them. */
  unread: Set<string>;
  /** One diagnostic per document not read, at the place it is named. */
  diagnostics: Diagnostic[];
}

const URL = /^https?:\/\//i;

/**
 * The OpenAPI documents of a site from what was read of each source (`reads`; a source missing
 * there was not fetched), each problem once, where the document is named. URLs are not fetched
 * offline; when every URL fails because the network is not there, the run is taken as offline
 * too: a warning says what was not checked, and nothing that depends on the document is reported.
 */
export function openApiDocuments(
  sources: readonly string[],
  reads: { get(source: string): OpenApiRead | undefined },
  options: OpenApiDocumentsOptions,
): OpenApiDocuments {
  const urls = sources.filter((source) => URL.test(source));
  const noNetwork = !options.offline && urls.length > 0 && urls.every((url) => reads.get(url)?.unreachable === true);
  const result: OpenApiDocuments = { texts: new Map(), unread: new Set(), diagnostics: [] };
  for (const source of sources) {
    const read = options.offline && URL.test(source) ? undefined : reads.get(source);
    if (read?.text !== undefined) {
      result.texts.set(source, read.text);
      continue;
    }
    result.unread.add(source);
    // A file of the repository not read yet: the caller reads it and compiles again.
    if (read === undefined && !URL.test(source)) continue;
    const skipped = read === undefined || noNetwork;
    const diagnostics = skipped ? [skippedUrl(source, options.uses(source), read?.diagnostics[0]?.message)] : read.diagnostics.slice(0, 1);
    const place = options.place(source);
    for (const diagnostic of diagnostics) result.diagnostics.push(place ? { ...diagnostic, ...place } : diagnostic);
  }
  return result;
}

/** The warning for a URL not fetched: offline, or (with the failure's message) no network. */
function skippedUrl(url: string, uses: string, failure: string | undefined): Diagnostic {
  const why = failure === undefined ? `${url} was not fetched (offline)` : `no network: ${failure.replace(/\.$/, '')}`;
  return {
    code: 'openapi/url-skipped',
    severity: 'warning',
    message: `${why}; not checked against it: ${uses}.`,
    file: url,
    pointer: '',
    hint: failure === undefined ? 'Run without --offline to check them.' : 'Run again with a network connection to check them, or pass --offline to say so.',
  };
}

/**
 * What depends on each document in the tree, in words: endpoint and webhook references (in the
 * navigation or in page frontmatter), elements that list all its operations, and links to the
 * folders its pages are generated in.
 */
export function describeUses(root: NavigationNode): (source: string) => string {
  const references = new Map<string, number>();
  const listings = new Map<string, number>();
  const folders = new Map<string, Set<string>>();
  const count = (counts: Map<string, number>, source: string) => counts.set(source, (counts.get(source) ?? 0) + 1);
  const visit = (node: NavigationNode): void => {
    for (const entry of node.openapi) {
      const set = folders.get(entry.source) ?? new Set<string>();
      set.add(entry.directory.replace(/^\/+|\/+$/g, ''));
      folders.set(entry.source, set);
    }
    if (node.kind === 'endpoint' || node.kind === 'webhook') {
      for (const source of node.spec === undefined ? node.openapi.map((entry) => entry.source) : [node.spec]) count(references, source);
    } else if (node.kind === 'page' && (node.frontmatterOpenApi !== undefined || node.frontmatterOpenApiSchema !== undefined)) {
      for (const source of node.openapi) count(references, source.source);
    } else if ('allOperations' in node && node.allOperations) {
      for (const source of node.openapi) count(listings, source.source);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(root);
  return (source) => {
    const parts = [];
    const referenceCount = references.get(source) ?? 0;
    const listingCount = listings.get(source) ?? 0;
    if (referenceCount) parts.push(`${referenceCount} endpoint reference${referenceCount === 1 ? '' : 's'}`);
    if (listingCount) parts.push(`the pages of ${listingCount} element${listingCount === 1 ? '' : 's'} listing all its operations`);
    const described = parts.length ? parts.join(' and ') : 'the pages naming it';
    // The content check takes a link into these folders as leading to a page it cannot know.
    const into = [...(folders.get(source) ?? [])].sort().map((folder) => `/${folder}${folder === '' ? '' : '/'}`);
    return into.length ? `${described}, and links to pages under ${into.join(', ')}` : described;
  };
}

/** Every OpenAPI source named in the tree: in effect on a node, or named by an endpoint reference. */
export function collectSources(node: NavigationNode, found = new Set<string>()): Set<string> {
  for (const source of node.openapi) found.add(source.source);
  if ((node.kind === 'endpoint' || node.kind === 'webhook') && node.spec !== undefined && node.openapi.every((source) => source.source !== node.spec))
    found.add(node.spec);
  if ('children' in node) for (const child of node.children) collectSources(child, found);
  return found;
}

/** The folders where pages generated from the unread documents would be (`api-reference`). */
export function unreadDirectories(root: NavigationNode, unread: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  const visit = (node: NavigationNode): void => {
    for (const source of node.openapi) if (unread.has(source.source)) found.add(source.directory.replace(/^\/+|\/+$/g, ''));
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(root);
  return [...found];
}

/**
 * The redirects with the destinations under `directories` left blank, which `checkRedirects`
 * skips: they may be pages generated from a document that was not read. Indexes (and so the
 * places of the other diagnostics) stay the same.
 */
export function withoutUncheckable(redirects: readonly Redirect[] | undefined, directories: readonly string[]): Redirect[] | undefined {
  if (!redirects || directories.length === 0) return redirects?.slice();
  const under = (destination: string) => {
    const page = destination.replace(/^\/+/, '').replace(/[?#].*$/, '');
    return directories.some((directory) => isInFolder(page, directory));
  };
  return redirects.map((redirect) =>
    typeof redirect.destination === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(redirect.destination) && under(redirect.destination)
      ? { ...redirect, destination: '' }
      : redirect,
  );
}
