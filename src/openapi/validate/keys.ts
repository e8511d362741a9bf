import { didYouMean, didYouMeanText } from '../../diagnostics/suggest.js';
import { joinPointer } from '../../json/pointer.js';
import type { JsonObject } from '../json.js';
import type { CheckContext } from './context.js';

/** Reports keys an object of this kind cannot have (`x-` extensions are always allowed), with "did you mean". */
export function checkKeys(context: CheckContext, object: JsonObject, pointer: string, allowed: ReadonlySet<string>, what: string): void {
  for (const key in object) {
    if (allowed.has(key) || key.startsWith('x-')) continue;
    const suggestions = didYouMean(key, allowed);
    context.report({
      code: 'openapi/unknown-key',
      severity: 'error',
      message: `${what} has no property ${JSON.stringify(key)}; its value would be ignored.`,
      pointer: joinPointer(pointer, key),
      at: 'key',
      hint: didYouMeanText(suggestions) ?? `Remove it, or prefix it with \`x-\` to keep it as an extension.`,
      suggestions,
    });
  }
}

export const ROOT_KEYS = {
  '3.0': new Set(['openapi', 'info', 'servers', 'paths', 'components', 'security', 'tags', 'externalDocs']),
  '3.1': new Set(['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags', 'externalDocs']),
};
export const INFO_KEYS = new Set(['title', 'summary', 'description', 'termsOfService', 'contact', 'license', 'version']);
export const PATH_ITEM_KEYS = new Set([
  '$ref',
  'summary',
  'description',
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
  'servers',
  'parameters',
]);
export const OPERATION_KEYS_ALLOWED = new Set([
  'tags',
  'summary',
  'description',
  'externalDocs',
  'operationId',
  'parameters',
  'requestBody',
  'responses',
  'callbacks',
  'deprecated',
  'security',
  'servers',
]);
export const PARAMETER_KEYS = new Set([
  'name',
  'in',
  'description',
  'required',
  'deprecated',
  'allowEmptyValue',
  'style',
  'explode',
  'allowReserved',
  'schema',
  'example',
  'examples',
  'content',
]);
