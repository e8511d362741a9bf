import type { OpenApiDocument } from './document.js';
import { ExampleGenerator } from './examples.js';
import { findSchema } from './find.js';
import { isObject } from './json.js';
import { schemaRef } from './refs.js';
import type { SchemaPage } from './types.js';

/**
 * The page model of the entry `name` of `components.schemas` (for `openapi-schema: Name`
 * frontmatter): the schema with its references resolved (circular ones kept as markers), its
 * description and an example. `undefined` when there is no such schema; use `findSchema` for
 * suggestions.
 */
export function buildSchemaPage(document: OpenApiDocument, name: string): SchemaPage | undefined {
  const found = findSchema(document, name).match;
  if (!found) return undefined;
  const schema = document.refs().schema({ $ref: schemaRef(name) });
  if (!schema) return undefined;
  const page: SchemaPage = {
    name,
    file: document.file,
    pointer: found.pointer,
    metadata: { title: typeof schema.title === 'string' ? schema.title : name, 'openapi-schema': `${document.file} ${name}` },
    schema,
  };
  if (typeof schema.description === 'string') page.metadata.description = schema.description;
  const example = isObject(schema) ? new ExampleGenerator().example(schema) : undefined;
  if (example !== undefined) page.example = example;
  return page;
}
