import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { didYouMeanText } from '../diagnostics/suggest.js';
import type { OpenApiDocument } from './document.js';
import { ExampleGenerator } from './examples.js';
import { attachCodeSamples, codeSamplesOf, writtenCodeSamples, type CodeSampleOptions } from './code-samples.js';
import { extensionOrder, PageExtensionReader, type PageExtension } from './extension.js';
import { findOperation, findWebhook } from './find.js';
import { placeFindings, type Finding } from './findings.js';
import { isObject } from './json.js';
import { createModelContext, mergedParameters, requestBodyModel, responseModels, securityModels, serverModels, type ModelContext } from './models.js';
import { operationEntries, type OperationEntry } from './operations.js';
import { pageSlug, SlugRegistry } from './slug.js';
import type { EndpointPage, PageMetadata, ParameterModel, PlaygroundMode } from './types.js';

/** An endpoint (`{ method, path }`) or a webhook (`{ webhook }`) to make a page for. */
export type EndpointSelector = { method: string; path: string } | { webhook: string };

/** Options of {@link buildEndpointPages}. */
export interface BuildEndpointPagesOptions {
  /** Folder of the generated pages. Default `api-reference`. */
  directory?: string;
  /**
   * A vendor extension read for page settings besides `x-quire` and `x-mint` (always read, in
   * that order), and before them. Naming one of those two only puts it first.
   */
  extension?: string;
  /** `version` of the navigation element the pages are in, copied to their metadata. */
  version?: string;
  /** The site's playground mode (docs.json `api.playground.display`). Default `interactive`. */
  playground?: PlaygroundMode;
  /** Only these endpoints, in this order; by default every operation and webhook. */
  only?: EndpointSelector[];
  /** Which request samples pages get (docs.json `api.examples`). Default: eight languages, all parameters. */
  codeSamples?: CodeSampleOptions;
}

/** What {@link buildEndpointPages} returns. */
export interface BuildEndpointPagesResult {
  /** The pages, in document order (or in the order of `only`). */
  pages: EndpointPage[];
  /** The same pages by tag: the order of the document's `tags`, then undeclared tags as met, untagged last. */
  groups: Array<{ tag?: string; pages: EndpointPage[] }>;
  diagnostics: Diagnostic[];
}

const PLAYGROUND_MODES = new Set<string>(['interactive', 'simple', 'none', 'auth']);

/**
 * Page models for the operations and webhooks of one document: everything a renderer needs for
 * each reference page and its playground. URLs are `<directory>/<tag-slug>/<operation-slug>`,
 * made unique in document order, so they are the same on every run; an `href` in the
 * operation's `x-quire` or `x-mint` replaces one. Operations marked `x-hidden: true` get no page.
 */
export function buildEndpointPages(document: OpenApiDocument, options: BuildEndpointPagesOptions = {}): BuildEndpointPagesResult {
  const findings: Finding[] = [];
  const entries = operationEntries(document, options.extension === undefined ? {} : { extension: options.extension });
  const extensions = new PageExtensionReader(extensionOrder(options.extension), (finding) => findings.push(finding));
  const urls = pageUrls(entries, options.directory ?? 'api-reference');
  const selected = options.only ? select(document, entries, options.only, findings) : entries.filter((entry) => !entry.hidden);
  const context = createModelContext(document, new ExampleGenerator());
  const pages = selected.map((entry) => endpointPage(context, entry, urls.get(entry) as string, options, extensions.read(entry), findings));
  return { pages, groups: groupByTag(document, pages), diagnostics: placeFindings(findings, document.file, (pointer, at) => document.locate(pointer, at)) };
}

/** The default URL of every visible operation, claimed in document order. */
function pageUrls(entries: readonly OperationEntry[], directory: string): Map<OperationEntry, string> {
  const registry = new SlugRegistry();
  const urls = new Map<OperationEntry, string>();
  const base = directory.replace(/^\/+|\/+$/g, '');
  const folders = new Map<string | undefined, string>();
  for (const entry of entries) {
    if (entry.hidden) continue;
    const tag = entry.tags[0];
    let folder = folders.get(tag);
    if (folder === undefined) folders.set(tag, (folder = [base, tag === undefined ? '' : pageSlug(tag) || 'tag'].filter(Boolean).join('/')));
    const wanted = pageSlug(entry.summary ?? '') || pageSlug(entry.operationId ?? '') || pageSlug(entry.kind === 'webhook' ? entry.path : `${entry.method} ${entry.path}`) || 'endpoint';
    urls.set(entry, registry.claimPath(folder, wanted));
  }
  return urls;
}

function select(document: OpenApiDocument, entries: readonly OperationEntry[], only: readonly EndpointSelector[], findings: Finding[]): OperationEntry[] {
  const selected: OperationEntry[] = [];
  for (const selector of only) {
    const found = 'webhook' in selector ? findWebhook(document, selector.webhook) : findOperation(document, selector.method, selector.path);
    const entry = found.match && entries.find((candidate) => candidate.pointer === found.match?.pointer);
    const label = 'webhook' in selector ? `webhook ${selector.webhook}` : `${selector.method.toUpperCase()} ${selector.path}`;
    if (!entry) {
      findings.push({
        code: 'openapi/operation-not-found',
        severity: 'error',
        message: `${document.file} has no ${'webhook' in selector ? 'webhook' : 'endpoint'} ${JSON.stringify(label)}.`,
        pointer: 'webhook' in selector ? (document.version === '3.1' ? '/webhooks' : '/x-webhooks') : '/paths',
        hint: didYouMeanText(found.suggestions) ?? 'Check the method and the path against the description.',
        suggestions: found.suggestions,
      });
    } else if (entry.hidden) {
      findings.push({ code: 'openapi/hidden-operation', severity: 'warning', message: `${label} is marked \`x-hidden\`, so it gets no page.`, pointer: entry.pointer, hint: 'Remove it from the navigation, or remove `x-hidden`.' });
    } else selected.push(entry);
  }
  return selected;
}

function endpointPage(context: ModelContext, entry: OperationEntry, url: string, options: BuildEndpointPagesOptions, extension: PageExtension, findings: Finding[]): EndpointPage {
  const { operation, pathItem } = entry;
  const spec = context.document.root();
  const label = [entry.kind === 'webhook' ? 'webhook' : entry.method, entry.path].join(' ');
  const metadata: PageMetadata = { title: entry.summary || (entry.kind === 'webhook' ? entry.path : label), openapi: [context.document.file, label].join(' ') };
  if (typeof operation.description === 'string') metadata.description = operation.description;
  if (options.version !== undefined) metadata.version = options.version;
  if (entry.deprecated) metadata.deprecated = true;
  Object.assign(metadata, extension.metadata);
  const servers = sharedByList(context, [operation.servers, pathItem.servers, spec.servers], () => serverModels(operation.servers, pathItem.servers, spec.servers));
  // `codeSamples` is attached below, made when first read.
  const page = {
    kind: entry.kind,
    url: extension.href === undefined ? url : extension.href.replace(/^\/+/, ''),
    method: entry.method,
    path: entry.path,
    file: context.document.file,
    pointer: entry.pointer,
    metadata,
    servers,
    security: sharedByList(context, [operation.security ?? spec.security], () => securityModels(context, operation)),
    playground: playgroundOf(metadata, options.playground, servers.length > 0, extension.playground),
    parameters: parametersByLocation(mergedParameters(context, pathItem, operation)),
    responses: responseModels(context, operation.responses),
  } as EndpointPage;
  if (entry.operationId !== undefined) page.operationId = entry.operationId;
  if (entry.tags[0] !== undefined) page.tag = entry.tags[0];
  if (extension.content !== undefined) page.content = extension.content;
  if (extension.mcp !== undefined) page.mcp = extension.mcp;
  const body = requestBodyModel(context, operation.requestBody);
  if (body) page.requestBody = body;
  // Written samples are read now, so that their problems are reported with the document's.
  const written = writtenCodeSamples(operation, entry.pointer, (finding) => findings.push(finding));
  attachCodeSamples(page, () => codeSamplesOf(page, written, options.codeSamples));
  return page;
}

/** The parameters by location, each list made at its length. */
function parametersByLocation(parameters: readonly ParameterModel[]): EndpointPage['parameters'] {
  const of = (location: ParameterModel['in']): ParameterModel[] => {
    let count = 0;
    for (let index = 0; index < parameters.length; index++) if ((parameters[index] as ParameterModel).in === location) count++;
    if (count === 0) return [];
    const list = new Array<ParameterModel>(count);
    count = 0;
    for (let index = 0; index < parameters.length; index++) if ((parameters[index] as ParameterModel).in === location) list[count++] = parameters[index] as ParameterModel;
    return list;
  };
  return { path: of('path'), query: of('query'), header: of('header'), cookie: of('cookie') };
}

/**
 * Servers and security are usually the document's, the same list for every page: their models are
 * built once per list in effect and shared.
 */
function sharedByList<T>(context: ModelContext, levels: unknown[], build: () => T): T {
  const list = levels.find((level) => Array.isArray(level) && level.length > 0) ?? levels.find(Array.isArray);
  if (!list) return build();
  const cached = context.sharedLists.get(list as object) as T | undefined;
  if (cached) return cached;
  const model = build();
  context.sharedLists.set(list as object, model);
  return model;
}

/**
 * The page's playground: its `playground` metadata, else the site's; without a server to send
 * to, `simple`. `expand` is the extension's `playground.expand`, when set.
 */
function playgroundOf(metadata: PageMetadata, site: PlaygroundMode | undefined, hasServers: boolean, settings: PageExtension['playground']): EndpointPage['playground'] {
  const chosen = typeof metadata.playground === 'string' && PLAYGROUND_MODES.has(metadata.playground) ? (metadata.playground as PlaygroundMode) : (site ?? 'interactive');
  const mode = !hasServers && chosen === 'interactive' ? 'simple' : chosen;
  const playground: EndpointPage['playground'] = { mode };
  if (chosen === 'auth' && Array.isArray(metadata.groups)) playground.groups = metadata.groups.filter((group): group is string => typeof group === 'string');
  if (settings?.expand !== undefined) playground.expand = settings.expand;
  return playground;
}

function groupByTag(document: OpenApiDocument, pages: readonly EndpointPage[]): BuildEndpointPagesResult['groups'] {
  const spec = document.root();
  const order: string[] = Array.isArray(spec.tags) ? spec.tags.filter(isObject).map((tag) => tag.name).filter((name): name is string => typeof name === 'string') : [];
  const byTag = new Map<string, EndpointPage[]>(order.map((tag) => [tag, []]));
  const untagged: EndpointPage[] = [];
  for (const page of pages) {
    if (page.tag === undefined) untagged.push(page);
    else {
      const list = byTag.get(page.tag) ?? [];
      if (!byTag.has(page.tag)) byTag.set(page.tag, list);
      list.push(page);
    }
  }
  const groups: BuildEndpointPagesResult['groups'] = [...byTag].filter(([, list]) => list.length > 0).map(([tag, list]) => ({ tag, pages: list }));
  if (untagged.length) groups.push({ pages: untagged });
  return groups;
}
