import { diagnosticAt, inDocumentOrder, type Diagnostic, type Located } from '../diagnostics/diagnostic.js';
import { joinPointer } from '../json/pointer.js';
import { classifyEntry } from '../navigation/classify.js';
import { joinPath } from '../util/posix-path.js';
import type { OpenApiDocument } from '../openapi/document.js';
import { writtenCodeSamples, type CodeSampleOptions } from '../openapi/code-samples.js';
import { buildEndpointPages } from '../openapi/endpoint-pages.js';
import { extensionOrder, PageExtensionReader, type PageExtension } from '../openapi/extension.js';
import { pageEntries, summaryOf, type OperationEntry } from '../openapi/operations.js';
import { documentPageUrls, reportSharedUrls } from '../openapi/page-names.js';
import { pageSlug } from '../openapi/slug.js';
import type { CodeSample, OperationSummary, PageMetadata } from '../openapi/types.js';
import { endpointReference, generateEndpointMdx } from './endpoint-mdx.js';
import { normalisePagePath, PagePathRegistry, safeGeneratedSegment, unsafeSegment } from './file-names.js';

/** Options of {@link planOpenApiFiles}. */
export interface PlanOpenApiFilesOptions {
  /**
   * The folder the files are written to, as a page path from the site root (the folder of
   * docs.json): `api-reference`, or `''` for the root itself. Default `''`.
   */
  directory?: string;
  /** Vendor extension read for page settings. Default `x-quire` (`x-mint` reads Mintlify specs as they are). */
  extension?: string;
  /** `version` written into every page's frontmatter: the docs.json version the pages belong to. */
  version?: string;
  /** How docs.json names the description (`openapi.yaml`, a URL): set as `openapi` on each navigation group. */
  source?: string;
  /** Called after each file is made, for progress on large descriptions. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Write each page's request samples into its body as a `<RequestExample>`, generated with these
   * settings (docs.json `api.examples`). Off by default: the platform generates them when it
   * renders the page, so written samples only go stale.
   */
  codeSamples?: CodeSampleOptions;
}

/** One MDX file to write. */
export interface OpenApiFile {
  /** Path inside the folder, `/`-separated, with the `.mdx` extension: `users/get-a-user.mdx`. */
  path: string;
  /** The page as docs.json lists it: its path from the site root, without extension. */
  page: string;
  /** The whole text of the file. */
  content: string;
  /** What the page documents, as its frontmatter says it: `GET /users/{id}`, `webhook user.created`. */
  openapi: string;
  /** JSON pointer of the operation in the description. */
  pointer: string;
}

/** A group of the navigation snippet, as docs.json spells it. */
export interface OpenApiNavigationGroup {
  /** The tag's `x-group` or name; `API Reference` for operations without a tag. */
  group: string;
  /** The description the pages' `openapi` frontmatter refers to, when known. */
  openapi?: string;
  pages: string[];
}

/** What {@link planOpenApiFiles} returns. */
export interface OpenApiFilesPlan {
  /** One file per operation and webhook but the `x-excluded` ones, in document order; none when a diagnostic is an error. */
  files: OpenApiFile[];
  /**
   * Groups to add to docs.json, as the platform groups the pages: one per tag (its `x-group`,
   * else its name; untagged operations in `API Reference`), in the order their first page comes;
   * `x-hidden` pages are in none.
   */
  navigation: { groups: OpenApiNavigationGroup[] };
  /** Problems in the description (placed in its file), in document order. */
  diagnostics: Diagnostic[];
}

/**
 * The MDX files for the operations and webhooks of a description, with the navigation that lists
 * them, as the platform's own `openapi-file` writes them: a page's path is the URL the platform
 * gives it (`<directory>/<tag>/<summary>` in its spelling, numbered `-1`, `-2`, ... within a
 * navigation group, or its `x-mint`/`x-quire` `href`; see buildEndpointPages), `x-hidden`
 * operations get a file but no navigation entry, `x-excluded` ones nothing. A part of a path
 * that cannot be a file name on every system is written under a safe name, with a warning; an
 * `href` outside `directory`, or one that is not a plain path, is an error, and a plan with errors
 * has no files. Reads and writes nothing.
 */
export function planOpenApiFiles(document: OpenApiDocument, options: PlanOpenApiFilesOptions = {}): OpenApiFilesPlan {
  const folder = joinPath((options.directory ?? '').replace(/\\/g, '/')).replace(/^\/+/, '');
  const extension = options.extension;
  const diagnostics: Diagnostic[] = [];
  const report = (finding: Located, pointer: string, at?: 'key' | 'value') =>
    diagnostics.push(diagnosticAt(finding, document.file, pointer, document.locate(pointer, at)));
  // The page models of buildEndpointPages (parameters, responses, examples) are not needed for a
  // file that only names its operation: the pages are read straight from the operations, with
  // the same URLs and metadata (a test holds the two to each other).
  const { pages, groups: listed } = pagesOf(document, folder, extension, options.version, report);
  const paths = pagePaths(pages, folder, report);
  const samples = options.codeSamples === undefined ? undefined : samplesByPointer(document, extension, options.codeSamples);
  const files: OpenApiFile[] = [];
  for (const page of pages) {
    const path = paths.get(page);
    if (path === undefined) continue;
    const openapi = endpointReference(page.operation);
    if (!readsBack(page.operation, openapi)) {
      report(
        {
          code: 'openapi-file/unreadable-reference',
          severity: 'warning',
          message: `The page of ${JSON.stringify(openapi)} cannot name it in its frontmatter: white space in the ${page.operation.kind === 'webhook' ? 'name' : 'path'} splits the reference.`,
          hint: `Remove the white space from the path, or give the page an \`${page.hrefFrom ?? 'x-mint'}.href\` and list it by hand.`,
        },
        page.operation.pointer,
      );
    }
    const codeSamples = samples?.get(page.operation.pointer);
    const content = generateEndpointMdx(
      {
        kind: page.operation.kind,
        method: page.operation.method,
        path: page.operation.path,
        metadata: page.metadata,
        ...(page.content !== undefined ? { content: page.content } : {}),
      },
      codeSamples ? { codeSamples } : {},
    );
    files.push({ path: `${folder ? path.slice(folder.length + 1) : path}.mdx`, page: path, content, openapi, pointer: page.operation.pointer });
    options.onProgress?.(files.length, pages.length);
  }
  // A page whose URL another page took is listed all the same, as on the platform: at that file.
  const writtenAt = new Map([...paths].map(([page, path]) => [page.url, path]));
  const groups = listed
    .map((group) => ({
      group: group.label,
      ...(options.source !== undefined ? { openapi: options.source } : {}),
      pages: [...new Set(group.pages.flatMap((page) => writtenAt.get(page.url) ?? []))],
    }))
    .filter((group) => group.pages.length > 0);
  const sorted = inDocumentOrder(diagnostics);
  return { files: sorted.some((diagnostic) => diagnostic.severity === 'error') ? [] : files, navigation: { groups }, diagnostics: sorted };
}

/** The request samples of every page, by its operation's pointer: only these need the full page models. */
function samplesByPointer(document: OpenApiDocument, extension: string | undefined, codeSamples: CodeSampleOptions): Map<string, CodeSample[]> {
  // The models' diagnostics are the plan's own (x-quire, x-mint, x-codeSamples), reported already.
  const { pages } = buildEndpointPages(document, { ...(extension === undefined ? {} : { extension }), codeSamples });
  return new Map(pages.map((page) => [page.pointer, page.codeSamples]));
}

/** What a file is made of: the operation, its URL, its metadata and content. */
interface PlannedPage {
  operation: OperationSummary;
  /** The page path the platform gives it (`api-reference/users/list-users`), as buildEndpointPages makes its URL. */
  url: string;
  /** The `href` it asks for, if any (then `url` is made from it), and the extension it is written in. */
  href?: string;
  hrefFrom?: string;
  metadata: PageMetadata;
  content?: string;
}

/**
 * Every operation but the `x-excluded` ones, in document order, at the URL, with the title and
 * metadata buildEndpointPages gives it: the title is the summary or `METHOD /path` (the name, for
 * a webhook), and the extensions' `metadata` comes last. `groups` lists the operations the navigation
 * lists (not the `x-hidden` ones) as the platform groups them.
 */
function pagesOf(
  document: OpenApiDocument,
  folder: string,
  extension: string | undefined,
  version: string | undefined,
  report: (finding: Located, pointer: string, at?: 'key' | 'value') => void,
): { pages: PlannedPage[]; groups: Array<{ label: string; pages: PlannedPage[] }> } {
  const entries = pageEntries(document, extension === undefined ? {} : { extension });
  const reader = new PageExtensionReader(extensionOrder(extension), (finding) => report(finding, finding.pointer, finding.at));
  const settings = new Map(entries.map((entry) => [entry, reader.read(entry)]));
  const named = documentPageUrls(entries, document.root(), folder, (entry) => settings.get(entry)?.href, true);
  const pages = new Map<OperationEntry, PlannedPage>();
  for (const entry of entries) {
    const operation = summaryOf(entry);
    const object = entry.operation;
    const found = settings.get(entry) as PageExtension;
    // Reported here as buildEndpointPages reports them, whether or not the samples are written.
    writtenCodeSamples(object, entry.pointer, (finding) => report(finding, finding.pointer, finding.at));
    const label = operation.kind === 'webhook' ? `webhook ${operation.path}` : `${operation.method} ${operation.path}`;
    const metadata: PageMetadata = { title: operation.summary || (operation.kind === 'webhook' ? operation.path : label), openapi: label };
    if (typeof object.description === 'string') metadata.description = object.description;
    if (version !== undefined) metadata.version = version;
    if (operation.deprecated) metadata.deprecated = true;
    Object.assign(metadata, found.metadata);
    const url = (named.urls.get(entry) as string).slice(1);
    pages.set(entry, {
      operation,
      url,
      metadata,
      ...(found.href ? { href: found.href, hrefFrom: found.hrefFrom as string } : {}),
      ...(found.content !== undefined ? { content: found.content } : {}),
    });
  }
  reportSharedUrls(
    [...pages.values()].map((page) => ({ ...page.operation, url: `/${page.url}` })),
    (finding) => report(finding, finding.pointer, finding.at),
  );
  return {
    pages: [...pages.values()],
    groups: named.groups.map((group) => ({ label: group.label, pages: group.entries.map((entry) => pages.get(entry) as PlannedPage) })),
  };
}

/**
 * The file of every page: its URL, which is the platform's. An `href` must stay inside the folder
 * the files are written to. A URL that cannot be a file name on every system (a name Windows
 * reserves or refuses, a part over 255 bytes) is written under a safe name, with a warning: the
 * page is then served at that name, not at the platform's URL. Two pages at one URL are one file,
 * as on the platform: the later one is written (buildEndpointPages reports it).
 */
function pagePaths(pages: readonly PlannedPage[], folder: string, report: (finding: Located, pointer: string) => void): Map<PlannedPage, string> {
  const registry = new PagePathRegistry();
  const paths = new Map<PlannedPage, string>();
  const byPath = new Map<string, PlannedPage>();
  for (const page of pages) {
    const name = `\`${page.hrefFrom}.href\` ${JSON.stringify(page.href)} of ${endpointReference(page.operation)}`;
    const pointer = joinPointer(page.operation.pointer, page.hrefFrom ?? 'x-mint', 'href');
    if (page.href !== undefined) {
      const normalised = normalisePagePath(page.href);
      if (normalised.kind === 'invalid' && !/^\s*$/.test(page.href)) {
        report(
          {
            code: 'openapi-file/invalid-href',
            severity: 'error',
            message: `${name} ${normalised.reason}.`,
            hint: 'Write the page path from the site root, such as `api-reference/users/list-users`, in letters, digits, `-` and `/`.',
          },
          pointer,
        );
        continue;
      }
      if (normalised.kind === 'outside' || !isInside(page.url, folder)) {
        const where = folder ? `the folder ${folder}/` : 'the site folder';
        report(
          {
            code: 'openapi-file/href-outside-folder',
            severity: 'error',
            message: `${name} puts the page outside ${where}, where the files are written.`,
            hint: folder
              ? `Write a path that starts with ${folder}/, or write the files to a folder that holds it.`
              : 'Write a path inside the site, without `..`.',
          },
          pointer,
        );
        continue;
      }
    }
    const earlier = byPath.get(page.url);
    if (earlier) paths.delete(earlier);
    byPath.set(page.url, page);
    paths.set(page, page.url);
  }
  // Names that cannot be files everywhere are replaced by safe ones, which must not take a name in use.
  for (const path of paths.values()) if (safePagePath(path) === path) registry.take(path);
  for (const [page, path] of paths) {
    const safe = safePagePath(path);
    if (safe === path) continue;
    const written = registry.claim(safe);
    paths.set(page, written);
    report(
      {
        code: 'openapi-file/renamed',
        severity: 'warning',
        message: `The page of ${endpointReference(page.operation)} is written as ${written}.mdx: its URL on the platform, /${path}, cannot be a file name on every system.`,
        hint: 'Give the operation a shorter summary, or an `href` in `x-mint` of letters, digits, `-` and `/`.',
      },
      page.operation.pointer,
    );
  }
  return paths;
}

/**
 * `path` with every part that cannot be a file or folder name everywhere (a name Windows
 * refuses or reserves, a part over 255 bytes) made into one that can: its ASCII words joined by
 * `-`, moved off a reserved name, cut when very long.
 */
function safePagePath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, index) => {
      const last = index === segments.length - 1;
      if (unsafeSegment(segment, last ? '.mdx' : '') === undefined) return segment;
      const fallback = last ? 'endpoint' : 'tag';
      return safeGeneratedSegment(pageSlug(segment) || fallback, fallback);
    })
    .join('/');
}

/** Whether `path` is in `folder`, regardless of case: the platform writes every path in lower case. */
function isInside(path: string, folder: string): boolean {
  return folder === '' || path.toLowerCase().startsWith(`${folder.toLowerCase()}/`);
}

/** Whether the navigation reads `reference` back as this operation. */
function readsBack(page: OperationSummary, reference: string): boolean {
  const entry = classifyEntry(reference);
  if (page.kind === 'webhook') return entry.kind === 'webhook' && entry.name === page.path;
  return entry.kind === 'endpoint' && entry.method === page.method && entry.path === page.path;
}
