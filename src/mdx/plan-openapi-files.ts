import { diagnosticAt, inDocumentOrder, type Diagnostic, type Located } from '../diagnostics/diagnostic.js';
import { joinPointer } from '../json/pointer.js';
import { classifyEntry } from '../navigation/classify.js';
import { joinPath } from '../util/posix-path.js';
import type { OpenApiDocument } from '../openapi/document.js';
import { writtenCodeSamples, type CodeSampleOptions } from '../openapi/code-samples.js';
import { buildEndpointPages } from '../openapi/endpoint-pages.js';
import { extensionOrder, PageExtensionReader } from '../openapi/extension.js';
import { operationEntries } from '../openapi/operations.js';
import { pageSlug, SlugRegistry } from '../openapi/slug.js';
import type { CodeSample, OperationSummary, PageMetadata } from '../openapi/types.js';
import { endpointReference, generateEndpointMdx } from './endpoint-mdx.js';
import { normalisePagePath, PagePathRegistry, safeGeneratedSegment } from './file-names.js';

/** Options of {@link planOpenApiFiles}. */
export interface PlanOpenApiFilesOptions {
  /**
   * The folder the files are written to, as a page path from the site root (the folder of
   * docs.json): `api-reference`, or `''` for the root itself. Default `''`.
   */
  directory?: string;
  /**
   * A vendor extension read for page settings besides `x-quire` and `x-mint` (always read, in
   * that order), and before them. Naming one of those two only puts it first.
   */
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
  /** The tag's name; `Endpoints` for operations without a tag. */
  group: string;
  /** The description the pages' `openapi` frontmatter refers to, when known. */
  openapi?: string;
  pages: string[];
}

/** What {@link planOpenApiFiles} returns. */
export interface OpenApiFilesPlan {
  /** One file per visible operation and webhook, in document order; none when a diagnostic is an error. */
  files: OpenApiFile[];
  /** Groups to add to docs.json: one per tag, in the order of the document's `tags`, untagged last. */
  navigation: { groups: OpenApiNavigationGroup[] };
  /** Problems in the description (placed in its file), in document order. */
  diagnostics: Diagnostic[];
}

/**
 * The MDX files for the operations and webhooks of a description, with the navigation that lists
 * them. A page's path is the URL `buildEndpointPages` gives it (`<directory>/<tag>/<operation>`)
 * or the `href` of its `x-quire` or `x-mint`. Paths are unique even where the file system ignores
 * case, never empty, never a name Windows reserves, and never outside `directory`: an `href` that
 * leaves it is an error, and a plan with errors has no files. Reads and writes nothing.
 */
export function planOpenApiFiles(document: OpenApiDocument, options: PlanOpenApiFilesOptions = {}): OpenApiFilesPlan {
  const folder = joinPath((options.directory ?? '').replace(/\\/g, '/')).replace(/^\/+/, '');
  const extension = options.extension;
  const diagnostics: Diagnostic[] = [];
  const report = (finding: Located, pointer: string, at?: 'key' | 'value') => diagnostics.push(diagnosticAt(finding, document.file, pointer, document.locate(pointer, at)));
  // The page models of buildEndpointPages (parameters, responses, examples) are not needed for a
  // file that only names its operation: the pages are read straight from the operations, with
  // the same URLs and metadata (a test holds the two to each other).
  const pages = pagesOf(document, folder, extension, options.version, report);
  const paths = pagePaths(pages, folder, report);
  const samples = options.codeSamples === undefined ? undefined : samplesByPointer(document, extension, options.codeSamples);
  const files: OpenApiFile[] = [];
  for (const page of pages) {
    const path = paths.get(page);
    if (path === undefined) continue;
    const openapi = endpointReference(page.operation);
    if (!readsBack(page.operation, openapi)) {
      report({ code: 'openapi-file/unreadable-reference', severity: 'warning', message: `The page of ${JSON.stringify(openapi)} cannot name it in its frontmatter: white space in the ${page.operation.kind === 'webhook' ? 'name' : 'path'} splits the reference.`, hint: `Remove the white space from the path, or give the page an \`${page.hrefFrom ?? 'x-quire'}.href\` and list it by hand.` }, page.operation.pointer);
    }
    const codeSamples = samples?.get(page.operation.pointer);
    const content = generateEndpointMdx({ kind: page.operation.kind, method: page.operation.method, path: page.operation.path, metadata: page.metadata, ...(page.content !== undefined ? { content: page.content } : {}) }, codeSamples ? { codeSamples } : {});
    files.push({ path: `${folder ? path.slice(folder.length + 1) : path}.mdx`, page: path, content, openapi, pointer: page.operation.pointer });
    options.onProgress?.(files.length, pages.length);
  }
  const groups = groupsByTag(document, pages)
    .map((group) => ({
      group: group.tag ?? 'Endpoints',
      ...(options.source !== undefined ? { openapi: options.source } : {}),
      pages: group.pages.flatMap((page) => paths.get(page) ?? []),
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

/** What a file is made of: the operation, its generated URL (inside the folder), its metadata, content and href. */
interface PlannedPage {
  operation: OperationSummary;
  /** `<tag-slug>/<operation-slug>`, as buildEndpointPages makes it, relative to the folder. */
  generated: string;
  metadata: PageMetadata;
  content?: string;
  href?: string;
  /** The extension the href is written in. */
  hrefFrom?: string;
}

/**
 * The visible operations in document order, with the URL, title and metadata buildEndpointPages
 * gives them: URLs are claimed in document order for every visible operation, the title is the
 * summary or `METHOD /path` (the name, for a webhook), and the extensions' `metadata` comes last.
 */
function pagesOf(document: OpenApiDocument, folder: string, extension: string | undefined, version: string | undefined, report: (finding: Located, pointer: string, at?: 'key' | 'value') => void): PlannedPage[] {
  const registry = new SlugRegistry();
  const pages: PlannedPage[] = [];
  const extensions = new PageExtensionReader(extensionOrder(extension), (finding) => report(finding, finding.pointer, finding.at));
  for (const operation of operationEntries(document, extension === undefined ? {} : { extension })) {
    if (operation.hidden) continue;
    const tagFolder = operation.tags[0] === undefined ? '' : pageSlug(operation.tags[0]) || 'tag';
    const registryFolder = [folder, tagFolder].filter(Boolean).join('/');
    const label = operation.kind === 'webhook' ? `webhook ${operation.path}` : `${operation.method} ${operation.path}`;
    const wanted = pageSlug(operation.summary ?? '') || pageSlug(operation.operationId ?? '') || pageSlug(operation.kind === 'webhook' ? operation.path : label) || 'endpoint';
    const slug = registry.claim(registryFolder, wanted);
    const object = operation.operation;
    const found = extensions.read(operation);
    // Reported here as buildEndpointPages reports them, whether or not the samples are written.
    writtenCodeSamples(object, operation.pointer, (finding) => report(finding, finding.pointer, finding.at));
    const metadata: PageMetadata = { title: operation.summary || (operation.kind === 'webhook' ? operation.path : label), openapi: label };
    if (typeof object.description === 'string') metadata.description = object.description;
    if (version !== undefined) metadata.version = version;
    if (operation.deprecated) metadata.deprecated = true;
    Object.assign(metadata, found.metadata);
    pages.push({ operation, generated: tagFolder ? `${tagFolder}/${slug}` : slug, metadata, ...(found.content !== undefined ? { content: found.content } : {}), ...(found.href !== undefined ? { href: found.href, hrefFrom: found.hrefFrom as string } : {}) });
  }
  return pages;
}

/** Pages by their operation's first tag: the order of the document's `tags`, then tags as met, untagged last. */
function groupsByTag(document: OpenApiDocument, pages: readonly PlannedPage[]): Array<{ tag?: string; pages: PlannedPage[] }> {
  const declared = document.root().tags;
  const order = Array.isArray(declared) ? declared.flatMap((tag) => (tag !== null && typeof tag === 'object' && typeof (tag as { name?: unknown }).name === 'string' ? [(tag as { name: string }).name] : [])) : [];
  const byTag = new Map<string, PlannedPage[]>(order.map((tag) => [tag, []]));
  const untagged: PlannedPage[] = [];
  for (const page of pages) {
    const tag = page.operation.tags[0];
    if (tag === undefined) untagged.push(page);
    else if (byTag.has(tag)) byTag.get(tag)?.push(page);
    else byTag.set(tag, [page]);
  }
  const groups: Array<{ tag?: string; pages: PlannedPage[] }> = [...byTag].filter(([, list]) => list.length > 0).map(([tag, list]) => ({ tag, pages: list }));
  if (untagged.length) groups.push({ pages: untagged });
  return groups;
}

/**
 * The page path of every page: `href`s first, since they are asked for by name, then
 * the generated URLs, moved to `-2`, `-3`, ... where an href (or another page, on a file system
 * that ignores case) has the name.
 */
function pagePaths(pages: readonly PlannedPage[], folder: string, report: (finding: Located, pointer: string) => void): Map<PlannedPage, string> {
  const registry = new PagePathRegistry();
  const owners = new Map<string, PlannedPage>();
  const paths = new Map<PlannedPage, string>();
  for (const page of pages) {
    const href = page.href;
    if (href === undefined) continue;
    const pointer = joinPointer(page.operation.pointer, page.hrefFrom as string, 'href');
    const normalised = normalisePagePath(href);
    const name = `\`${page.hrefFrom}.href\` ${JSON.stringify(href)} of ${endpointReference(page.operation)}`;
    if (normalised.kind === 'invalid') {
      report({ code: 'openapi-file/invalid-href', severity: 'error', message: `${name} ${normalised.reason}.`, hint: 'Write the page path from the site root, such as `api-reference/users/list-users`, in letters, digits, `-` and `/`.' }, pointer);
    } else if (normalised.kind === 'outside' || !isInside(normalised.path, folder)) {
      const where = folder ? `the folder ${folder}/` : 'the site folder';
      report({ code: 'openapi-file/href-outside-folder', severity: 'error', message: `${name} puts the page outside ${where}, where the files are written.`, hint: folder ? `Write a path that starts with ${folder}/, or write the files to a folder that holds it.` : 'Write a path inside the site, without `..`.' }, pointer);
    } else if (!registry.take(normalised.path)) {
      const owner = owners.get(normalised.path.toLowerCase());
      report({ code: 'openapi-file/duplicate-href', severity: 'error', message: `${name} is also the page of ${owner ? endpointReference(owner.operation) : 'another operation'}; each page needs its own file.`, hint: 'Give one of the two operations another `href`.' }, pointer);
    } else {
      owners.set(normalised.path.toLowerCase(), page);
      paths.set(page, normalised.path);
    }
  }
  for (const page of pages) {
    if (page.href !== undefined) continue;
    const segments = page.generated.split('/');
    const safe = segments.map((segment, index) => safeGeneratedSegment(segment, index === segments.length - 1 ? 'endpoint' : 'tag'));
    paths.set(page, registry.claim([folder, ...safe].filter(Boolean).join('/')));
  }
  return paths;
}

function isInside(path: string, folder: string): boolean {
  return folder === '' || path.startsWith(`${folder}/`);
}

/** Whether the navigation reads `reference` back as this operation. */
function readsBack(page: OperationSummary, reference: string): boolean {
  const entry = classifyEntry(reference);
  if (page.kind === 'webhook') return entry.kind === 'webhook' && entry.name === page.path;
  return entry.kind === 'endpoint' && entry.method === page.method && entry.path === page.path;
}
