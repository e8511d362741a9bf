import { joinPointer, joinPointerFlat } from '../json/pointer.js';
import type { OpenApiDocument } from './document.js';
import { extensionOrder, hiddenByExtension } from './extension.js';
import { isObject, type JsonObject } from './json.js';
import { OPERATION_KEYS, type HttpMethod, type OperationKey, type OperationSummary } from './types.js';

/** Options of {@link listOperations}. */
export interface ListOperationsOptions {
  /**
   * A vendor extension read for page settings besides `x-quire` and `x-mint`, and before them
   * (its `hidden` counts). Naming one of those two only puts it first.
   */
  extension?: string;
}

/** An operation with the objects it is read from, for the page builders. */
export interface OperationEntry extends OperationSummary {
  operation: JsonObject;
  pathItem: JsonObject;
}

/**
 * Every operation of the document in document order: the endpoints of `paths`, then the webhooks
 * (`webhooks` in 3.1, `x-webhooks` in 3.0). Path items that are `$ref`s are followed.
 */
export function listOperations(document: OpenApiDocument, options: ListOperationsOptions = {}): OperationSummary[] {
  return operationEntries(document, options).map(summaryOf);
}

/** The public part of an entry. */
export function summaryOf(entry: OperationEntry): OperationSummary {
  const { operation: _operation, pathItem: _pathItem, ...summary } = entry;
  // The entry may hold the document's own list of tags; the caller gets a copy.
  return { ...summary, tags: [...summary.tags] };
}

const METHODS: Record<OperationKey, HttpMethod> = {
  get: 'GET',
  put: 'PUT',
  post: 'POST',
  delete: 'DELETE',
  options: 'OPTIONS',
  head: 'HEAD',
  patch: 'PATCH',
  trace: 'TRACE',
};
const NO_TAGS: readonly string[] = Object.freeze([]);

/** The operation's tags: its own list when every tag is a string (the usual case), so that no copy is kept per operation. */
function tagsOf(tags: unknown): string[] {
  if (!Array.isArray(tags)) return NO_TAGS as string[];
  return tags.every((tag) => typeof tag === 'string') ? (tags as string[]) : tags.filter((tag): tag is string => typeof tag === 'string');
}

export function operationEntries(document: OpenApiDocument, options: ListOperationsOptions = {}): OperationEntry[] {
  const names = extensionOrder(options.extension);
  return document.memo(`operations ${names.join(' ')}`, () => collectOperations(document, names));
}

function collectOperations(document: OpenApiDocument, extensions: readonly string[]): OperationEntry[] {
  const spec = document.root();
  const entries: OperationEntry[] = [];
  const collect = (items: unknown, base: string, kind: 'endpoint' | 'webhook') => {
    if (!isObject(items)) return;
    for (const path in items) {
      if (kind === 'endpoint' && !path.startsWith('/')) continue;
      const resolved = document.refs().follow(items[path], joinPointer(base, path));
      if (!resolved || !isObject(resolved.value)) continue;
      const pathItem = resolved.value;
      for (const method of OPERATION_KEYS) {
        const operation = pathItem[method];
        if (!isObject(operation)) continue;
        const summary: OperationEntry = {
          kind,
          method: METHODS[method],
          path,
          pointer: joinPointerFlat(resolved.pointer, method),
          tags: tagsOf(operation.tags),
          deprecated: operation.deprecated === true,
          // The platform takes any value that is not false, 0, '' or null as set.
          hidden: Boolean(operation['x-hidden']) || hiddenByExtension(operation, extensions),
          excluded: Boolean(operation['x-excluded']),
          operation,
          pathItem,
        };
        if (typeof operation.operationId === 'string') summary.operationId = operation.operationId;
        if (typeof operation.summary === 'string') summary.summary = operation.summary;
        entries.push(summary);
      }
    }
  };
  collect(spec.paths, '/paths', 'endpoint');
  if (document.version === '3.1') collect(spec.webhooks, '/webhooks', 'webhook');
  else collect(spec['x-webhooks'], '/x-webhooks', 'webhook');
  return entries;
}

/**
 * The operations that get a page, in document order: all but those marked `x-excluded` and the
 * webhooks of 3.0's `x-webhooks`, which the platform does not read (it reads 3.1 `webhooks`).
 */
export function pageEntries(document: OpenApiDocument, options: ListOperationsOptions = {}): OperationEntry[] {
  return operationEntries(document, options).filter((entry) => !entry.excluded && !(entry.kind === 'webhook' && entry.pointer.startsWith('/x-webhooks/')));
}
