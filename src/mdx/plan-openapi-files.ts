import { diagnosticAt, inDocumentOrder, type Diagnostic, type Located } from '../diagnostics/diagnostic.js';
import { getAtPointer, joinPointer } from '../json/pointer.js';
import { classifyEntry } from '../navigation/classify.js';
import { joinPath } from '../util/posix-path.js';
import type { OpenApiDocument } from '../openapi/document.js';
import { buildEndpointPages } from '../openapi/endpoint-pages.js';
import type { EndpointPage } from '../openapi/types.js';
import { endpointReference, generateEndpointMdx } from './endpoint-mdx.js';
import { normalisePagePath, PagePathRegistry, safeGeneratedSegment } from './file-names.js';

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
 * them. A page's path is its URL as `buildEndpointPages` makes it (`<directory>/<tag>/<operation>`)
 * or its `x-quire.href`. Paths are unique even where the file system ignores case, never empty,
 * never a name Windows reserves, and never outside `directory`: an `x-quire.href` that leaves
 * it is an error, and a plan with errors has no files. Reads and writes nothing.
 */
export function planOpenApiFiles(document: OpenApiDocument, options: PlanOpenApiFilesOptions = {}): OpenApiFilesPlan {
  const folder = joinPath((options.directory ?? '').replace(/\\/g, '/')).replace(/^\/+/, '');
  const extension = options.extension ?? 'x-quire';
  const built = buildEndpointPages(document, { directory: folder, extension, ...(options.version !== undefined ? { version: options.version } : {}) });
  const diagnostics = [...built.diagnostics];
  const report = (finding: Located, pointer: string) => diagnostics.push(diagnosticAt(finding, document.file, pointer, document.locate(pointer)));

  const paths = pagePaths(document, built.pages, folder, extension, report);
  const files: OpenApiFile[] = [];
  for (const page of built.pages) {
    const path = paths.get(page);
    if (path === undefined) continue;
    const openapi = endpointReference(page);
    if (!readsBack(page, openapi)) {
      report({ code: 'openapi-file/unreadable-reference', severity: 'warning', message: `The page of ${JSON.stringify(openapi)} cannot name it in its frontmatter: white space in the ${page.kind === 'webhook' ? 'name' : 'path'} splits the reference.`, hint: 'Remove the white space from the path, or give the page an `x-quire.href` and list it by hand.' }, page.pointer);
    }
    files.push({ path: `${folder ? path.slice(folder.length + 1) : path}.mdx`, page: path, content: generateEndpointMdx(page), openapi, pointer: page.pointer });
    options.onProgress?.(files.length, built.pages.length);
  }
  const groups = built.groups
    .map((group) => ({
      group: group.tag ?? 'Endpoints',
      ...(options.source !== undefined ? { openapi: options.source } : {}),
      pages: group.pages.flatMap((page) => paths.get(page) ?? []),
    }))
    .filter((group) => group.pages.length > 0);
  const sorted = inDocumentOrder(diagnostics);
  return { files: sorted.some((diagnostic) => diagnostic.severity === 'error') ? [] : files, navigation: { groups }, diagnostics: sorted };
}

/**
 * The page path of every page: `x-quire.href`s first, since they are asked for by name, then
 * the generated URLs, moved to `-2`, `-3`, ... where an href (or another page, on a file system
 * that ignores case) has the name.
 */
function pagePaths(document: OpenApiDocument, pages: readonly EndpointPage[], folder: string, extension: string, report: (finding: Located, pointer: string) => void): Map<EndpointPage, string> {
  const registry = new PagePathRegistry();
  const owners = new Map<string, EndpointPage>();
  const paths = new Map<EndpointPage, string>();
  const generated: EndpointPage[] = [];
  for (const page of pages) {
    const href = getAtPointer(document.spec, joinPointer(page.pointer, extension, 'href'));
    // An href that is not a string is reported by buildEndpointPages and ignored.
    if (typeof href !== 'string') {
      generated.push(page);
      continue;
    }
    const pointer = joinPointer(page.pointer, extension, 'href');
    const normalised = normalisePagePath(href);
    const name = `\`${extension}.href\` ${JSON.stringify(href)} of ${endpointReference(page)}`;
    if (normalised.kind === 'invalid') {
      report({ code: 'openapi-file/invalid-href', severity: 'error', message: `${name} ${normalised.reason}.`, hint: 'Write the page path from the site root, such as `api-reference/users/list-users`, in letters, digits, `-` and `/`.' }, pointer);
    } else if (normalised.kind === 'outside' || !isInside(normalised.path, folder)) {
      const where = folder ? `the folder ${folder}/` : 'the site folder';
      report({ code: 'openapi-file/href-outside-folder', severity: 'error', message: `${name} puts the page outside ${where}, where the files are written.`, hint: folder ? `Write a path that starts with ${folder}/, or write the files to a folder that holds it.` : 'Write a path inside the site, without `..`.' }, pointer);
    } else if (!registry.take(normalised.path)) {
      const owner = owners.get(normalised.path.toLowerCase());
      report({ code: 'openapi-file/duplicate-href', severity: 'error', message: `${name} is also the page of ${owner ? endpointReference(owner) : 'another operation'}; each page needs its own file.`, hint: 'Give one of the two operations another `href`.' }, pointer);
    } else {
      owners.set(normalised.path.toLowerCase(), page);
      paths.set(page, normalised.path);
    }
  }
  for (const page of generated) {
    const relative = folder && page.url.startsWith(`${folder}/`) ? page.url.slice(folder.length + 1) : page.url;
    const segments = relative.split('/');
    const safe = segments.map((segment, index) => safeGeneratedSegment(segment, index === segments.length - 1 ? 'endpoint' : 'tag'));
    paths.set(page, registry.claim([folder, ...safe].filter(Boolean).join('/')));
  }
  return paths;
}

function isInside(path: string, folder: string): boolean {
  return folder === '' || path.startsWith(`${folder}/`);
}

/** Whether the navigation reads `reference` back as this page's operation. */
function readsBack(page: EndpointPage, reference: string): boolean {
  const entry = classifyEntry(reference);
  if (page.kind === 'webhook') return entry.kind === 'webhook' && entry.name === page.path;
  return entry.kind === 'endpoint' && entry.method === page.method && entry.path === page.path;
}
