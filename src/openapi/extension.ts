import { joinPointer } from '../json/pointer.js';
import type { Finding } from './findings.js';
import { isObject, type JsonObject } from './json.js';

/** The page settings an operation carries in its vendor extension (`x-quire` by default). */
export interface PageExtension {
  href?: string;
  metadata?: JsonObject;
  content?: string;
}

/** Reads `x-quire` (or the configured name) of an operation, reporting values of the wrong type. */
export function readExtension(operation: JsonObject, pointer: string, name: string, report: (finding: Finding) => void): PageExtension {
  const value = operation[name];
  if (value === undefined) return {};
  const at = joinPointer(pointer, name);
  if (!isObject(value)) {
    report({ code: 'openapi/invalid-extension', severity: 'warning', message: `\`${name}\` must be an object with \`href\`, \`metadata\` or \`content\`; it is ignored.`, pointer: at });
    return {};
  }
  const extension: PageExtension = {};
  const expect = (key: 'href' | 'content', kind: string) => {
    const field = value[key];
    if (field === undefined) return;
    if (typeof field === 'string') extension[key] = field;
    else report({ code: 'openapi/invalid-extension', severity: 'warning', message: `\`${name}.${key}\` must be ${kind}; it is ignored.`, pointer: joinPointer(at, key) });
  };
  expect('href', 'a page path (a string)');
  expect('content', 'MDX text (a string)');
  if (value.metadata !== undefined) {
    if (isObject(value.metadata)) {
      const { openapi, ...rest } = value.metadata;
      if (openapi !== undefined) {
        report({
          code: 'openapi/metadata-openapi',
          severity: 'warning',
          message: `\`${name}.metadata.openapi\` is ignored: a generated page always refers to the operation it is generated from.`,
          pointer: joinPointer(at, 'metadata', 'openapi'),
          hint: 'Remove it; to document another operation, write an MDX page with that `openapi` frontmatter.',
        });
      }
      extension.metadata = rest;
    } else report({ code: 'openapi/invalid-extension', severity: 'warning', message: `\`${name}.metadata\` must be an object of frontmatter fields; it is ignored.`, pointer: joinPointer(at, 'metadata') });
  }
  return extension;
}
