import type { OpenApiSource } from '../navigation/types.js';
import { documentsNamed } from './frontmatter-documents.js';

/**
 * How a reference names an OpenAPI document, shared by every stage that resolves one
 * (`expandOpenApiEndpoints`, `migrateMdx`): with or without `./` or a leading `/`, with or
 * without its extension, or by its file name alone when only one document has it.
 */

/**
 * The document an entry names (`spec.yaml GET /x`): a source in effect, else any `known` source,
 * by path or file name; `undefined` when none matches.
 */
export function namedSource(spec: string, inEffect: readonly OpenApiSource[], known: readonly string[]): OpenApiSource | undefined {
  const wanted = normaliseSource(spec);
  const match = inEffect.find((source) => sameSource(source.source, wanted));
  if (match) return match;
  const byName = known.find((source) => sameSource(source, wanted)) ?? byStem(spec, known);
  return byName === undefined ? undefined : { source: byName, directory: inEffect[0]?.directory ?? 'api-reference' };
}

/**
 * The `known` source a page's frontmatter names (`openapi: v2 GET /x`), the platform's first
 * choice (see `documentsNamed`: a path from the root, or a file name); `undefined` when none.
 */
export function frontmatterSource(spec: string, known: readonly string[]): string | undefined {
  return documentsNamed(spec, known)[0];
}

/** Whether two sources name the same document (`./a.yaml`, `/a.yaml`, `a`). */
export function sameSource(source: string, other: string): boolean {
  const left = normaliseSource(source);
  const right = normaliseSource(other);
  return left === right || stripExtension(left) === stripExtension(right);
}

/** The one document whose file name without extension is `label` (`v2` for `specs/v2.json`), if exactly one is. */
function byStem(label: string, known: readonly string[]): string | undefined {
  if (label.includes('/')) return undefined;
  const matches = known.filter((source) => stripExtension(source.slice(source.lastIndexOf('/') + 1)) === stripExtension(label));
  return matches.length === 1 ? matches[0] : undefined;
}

function normaliseSource(source: string): string {
  return source.trim().replace(/^\.?\/+/, '');
}

function stripExtension(source: string): string {
  return source.replace(/\.(?:ya?ml|json)$/i, '');
}
