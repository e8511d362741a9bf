import { joinPointer } from '../json/pointer.js';
import type { OpenApiDocument } from './document.js';
import { isObject, type JsonObject } from './json.js';
import { OPERATION_KEYS, type HttpMethod, type OperationSummary } from './types.js';

/** Options of {@link listOperations}. */
export interface ListOperationsOptions {
  /** Name of the vendor extension read for page settings. Default `x-quire`. */
  extension?: string;
}

/** An operation with the objects it is read from, for the page builders. */
export interface OperationEntry extends OperationSummary {
  operation: JsonObject;
  pathItem: JsonObject;
  pathItemPointer: string;
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
  const { operation: _operation, pathItem: _pathItem, pathItemPointer: _pointer, ...summary } = entry;
  return summary;
}

export function operationEntries(document: OpenApiDocument, options: ListOperationsOptions = {}): OperationEntry[] {
  return document.memo(`operations ${options.extension ?? 'x-quire'}`, () => collectOperations(document, options));
}

function collectOperations(document: OpenApiDocument, options: ListOperationsOptions): OperationEntry[] {
  const spec = document.root();
  const entries: OperationEntry[] = [];
  const extension = options.extension ?? 'x-quire';
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
          method: method.toUpperCase() as HttpMethod,
          path,
          pointer: joinPointer(resolved.pointer, method),
          tags: Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === 'string') : [],
          deprecated: operation.deprecated === true,
          hidden: operation['x-hidden'] === true || (isObject(operation[extension]) && (operation[extension] as JsonObject).hidden === true),
          operation,
          pathItem,
          pathItemPointer: resolved.pointer,
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
