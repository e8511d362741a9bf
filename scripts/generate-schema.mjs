// Writes dist/docs.schema.json, the JSON Schema of docs.json, from the zod schema in the build.
// Run after tsup (npm run build); shipped as `quire-docs/docs.schema.json` for editor autocompletion.
import { writeFileSync, renameSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import * as quire from '../dist/index.js';

// Name the shared definitions after their schemas (a local registry: no global state is touched).
const registry = z.registry();
for (const [name, value] of Object.entries(quire)) {
  if (name.endsWith('Schema') && name !== 'DocsConfigSchema' && value && typeof value === 'object' && '_zod' in value)
    registry.add(value, { id: name.slice(0, -'Schema'.length) });
}
const { DocsConfigSchema } = quire;

const schema = z.toJSONSchema(DocsConfigSchema, {
  target: 'draft-2020-12',
  io: 'input',
  unrepresentable: 'any',
  cycles: 'ref',
  reused: 'ref',
  metadata: registry,
});
schema.$id = 'https://unpkg.com/quire/dist/docs.schema.json';
schema.title = 'docs.json';
schema.description = 'Configuration of a documentation site: theme, colours, navigation, OpenAPI references.';

const target = fileURLToPath(new URL('../dist/docs.schema.json', import.meta.url));
writeFileSync(`${target}.tmp`, `${JSON.stringify(schema, null, 2)}\n`);
renameSync(`${target}.tmp`, target);
console.log(`wrote ${target} (${Object.keys(schema.$defs ?? {}).length} definitions)`);
