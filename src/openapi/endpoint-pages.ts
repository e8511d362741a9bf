import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { didYouMeanText } from '../diagnostics/suggest.js';
import type { OpenApiDocument } from './document.js';
import { ExampleGenerator } from './examples.js';
import { attachCodeSamples, codeSamplesOf, writtenCodeSamples, type CodeSampleOptions } from './code-samples.js';
import { extensionOrder, PageExtensionReader, type PageExtension } from './extension.js';
import { findOperation, findWebhook } from './find.js';
import { placeFindings, type Finding } from './findings.js';
import { createModelContext, mergedParameters, requestBodyModel, responseModels, securityModels, serverModels, type ModelContext } from './models.js';
import { pageEntries, type OperationEntry } from './operations.js';
import { documentPageUrls, reportSharedUrls } from './page-names.js';
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
  /**
   * The pages, in document order (or in the order of `only`); `x-hidden` ones too, marked
   * `hidden`. Where two share a URL (reported), the later one is the page published there.
   */
  pages: EndpointPage[];
  /**
   * The pages the navigation lists (not the `x-hidden` ones), by navigation group as the platform
   * groups them: by the `x-group` of the first tag's definition, else the tag, untagged operations
   * in `API Reference`; groups in the order their first page comes in the document.
   */
  groups: Array<{ tag?: string; label: string; pages: EndpointPage[] }>;
  diagnostics: Diagnostic[];
}

const PLAYGROUND_MODES = new Set<string>(['interactive', 'simple', 'none', 'auth']);

/**
 * Page models for the operations and webhooks of one document: everything a renderer needs for
 * each reference page and its playground, at the URL the platform publishes it at (see
 * docs/openapi.md): `/<directory>/<tag>/<summary>` in the platform's spelling, or the operation's
 * `x-quire`/`x-mint` `href`. For the whole document (no `only`), names repeated within a
 * navigation group get `-1`, `-2`, ... in document order, as the platform numbers them; pages
 * named one by one (`only`) are not numbered, as on the platform. Operations marked
 * `x-excluded` get no page, nor the webhooks of 3.0's `x-webhooks` (the platform reads 3.1
 * `webhooks` only); `x-hidden` ones get a page marked `hidden`, in no group.
 */
export function buildEndpointPages(document: OpenApiDocument, options: BuildEndpointPagesOptions = {}): BuildEndpointPagesResult {
  const findings: Finding[] = [];
  const entries = pageEntries(document, options.extension === undefined ? {} : { extension: options.extension });
  const selected = options.only ? select(document, entries, options.only, findings) : entries;
  const context = createModelContext(document, new ExampleGenerator());
  const extensions = new PageExtensionReader(extensionOrder(options.extension), (finding) => findings.push(finding));
  const settings = new Map(selected.map((entry) => [entry, extensions.read(entry)]));
  const named = documentPageUrls(selected, document.root(), options.directory ?? DEFAULT_DIRECTORY, (entry) => settings.get(entry)?.href, !options.only);
  const byEntry = new Map<OperationEntry, EndpointPage>();
  for (const entry of selected) {
    const page = endpointPage(context, entry, settings.get(entry) as PageExtension, options, findings);
    page.url = named.urls.get(entry) as string;
    byEntry.set(entry, page);
  }
  const pages = [...byEntry.values()];
  reportSharedUrls(pages, (finding) => findings.push(finding));
  const groups = named.groups.map(({ entries: listed, ...group }) => ({ ...group, pages: listed.map((entry) => byEntry.get(entry) as EndpointPage) }));
  return { pages, groups, diagnostics: placeFindings(findings, document.file, (pointer, at) => document.locate(pointer, at)) };
}

/** The folder of generated pages when docs.json names none. */
const DEFAULT_DIRECTORY = 'api-reference';

function select(document: OpenApiDocument, entries: readonly OperationEntry[], only: readonly EndpointSelector[], findings: Finding[]): OperationEntry[] {
  const selected: OperationEntry[] = [];
  for (const selector of only) {
    const found = 'webhook' in selector ? findWebhook(document, selector.webhook) : findOperation(document, selector.method, selector.path);
    const match = found.match;
    const entry = match && entries.find((candidate) => candidate.pointer === match.pointer);
    const label = 'webhook' in selector ? `webhook ${selector.webhook}` : `${selector.method.toUpperCase()} ${selector.path}`;
    if (match && match.pointer.startsWith('/x-webhooks/')) {
      // The platform reads 3.1 `webhooks` only and stops the deployment: "Webhook ... not found".
      findings.push({
        code: 'openapi/operation-not-found',
        severity: 'error',
        message: `${label} is in \`x-webhooks\`, an OpenAPI 3.0 extension the platform does not read: it has no page, and the platform fails to build the navigation entry that lists it.`,
        pointer: match.pointer,
        hint: 'Move the document to OpenAPI 3.1 and rename `x-webhooks` to `webhooks`.',
      });
    } else if (match && !entry) {
      // The platform stops the deployment: "Failed to generate OpenAPI endpoint page".
      findings.push({
        code: 'openapi/excluded-operation',
        severity: 'error',
        message: `${label} is marked \`x-excluded\`, so it has no page, and the platform fails to build the navigation entry that lists it.`,
        pointer: match.pointer,
        hint: 'Remove the entry from the navigation, or remove `x-excluded` (`x-hidden` publishes the page without listing it).',
      });
    } else if (!entry) {
      findings.push({
        code: 'openapi/operation-not-found',
        severity: 'error',
        message: `${document.file} has no ${'webhook' in selector ? 'webhook' : 'endpoint'} ${JSON.stringify(label)}.`,
        pointer: 'webhook' in selector ? (document.version === '3.1' ? '/webhooks' : '/x-webhooks') : '/paths',
        hint: didYouMeanText(found.suggestions) ?? 'Check the method and the path against the description.',
        suggestions: found.suggestions,
      });
    } else selected.push(entry);
  }
  return selected;
}

function endpointPage(
  context: ModelContext,
  entry: OperationEntry,
  extension: PageExtension,
  options: BuildEndpointPagesOptions,
  findings: Finding[],
): EndpointPage {
  const { operation, pathItem } = entry;
  const spec = context.document.root();
  const label = [entry.kind === 'webhook' ? 'webhook' : entry.method, entry.path].join(' ');
  const metadata: PageMetadata = { title: entry.summary || (entry.kind === 'webhook' ? entry.path : label), openapi: [context.document.file, label].join(' ') };
  if (typeof operation.description === 'string') metadata.description = operation.description;
  if (options.version !== undefined) metadata.version = options.version;
  if (entry.deprecated) metadata.deprecated = true;
  Object.assign(metadata, extension.metadata);
  const servers = sharedByList(context, [operation.servers, pathItem.servers, spec.servers], () =>
    serverModels(operation.servers, pathItem.servers, spec.servers),
  );
  // `codeSamples` is attached below, made when first read.
  const page = {
    kind: entry.kind,
    url: '',
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
  if (entry.hidden) page.hidden = true;
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
    for (let index = 0; index < parameters.length; index++)
      if ((parameters[index] as ParameterModel).in === location) list[count++] = parameters[index] as ParameterModel;
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
function playgroundOf(
  metadata: PageMetadata,
  site: PlaygroundMode | undefined,
  hasServers: boolean,
  settings: PageExtension['playground'],
): EndpointPage['playground'] {
  const chosen =
    typeof metadata.playground === 'string' && PLAYGROUND_MODES.has(metadata.playground) ? (metadata.playground as PlaygroundMode) : (site ?? 'interactive');
  const mode = !hasServers && chosen === 'interactive' ? 'simple' : chosen;
  const playground: EndpointPage['playground'] = { mode };
  if (chosen === 'auth' && Array.isArray(metadata.groups)) playground.groups = metadata.groups.filter((group): group is string => typeof group === 'string');
  if (settings?.expand !== undefined) playground.expand = settings.expand;
  return playground;
}
