// Writes dist/quire.config.schema.json, the JSON Schema of quire.config.json, from the list of
// diagnostic codes in the build, so that editors complete every code and never a stale one.
// Run after tsup (npm run build); shipped as `quire-docs/quire.config.schema.json`.
import { renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DIAGNOSTIC_CODES, RULE_SEVERITIES } from '../dist/index.js';

const severity = { enum: [...RULE_SEVERITIES], description: '"off" leaves the diagnostics out; "warning" or "error" sets their severity.' };
const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://unpkg.com/quire/dist/quire.config.schema.json',
  title: 'quire.config.json',
  description: 'Rule settings of Quire for one site: the severity of diagnostics by code, and files to leave out.',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string', description: 'Where editors find this schema.' },
    rules: {
      type: 'object',
      description:
        'Severity by diagnostic code (docs/diagnostics.md), or by pattern where * stands for any characters ("openapi/*"). The code itself wins over a pattern, and a longer pattern over a shorter one.',
      properties: Object.fromEntries(DIAGNOSTIC_CODES.map((code) => [code, severity])),
      patternProperties: { '\\*': severity },
      additionalProperties: severity,
    },
    ignore: {
      type: 'array',
      description: 'Files Quire neither lists nor checks: patterns in .gitignore syntax, relative to the folder of docs.json, added to those of .mintignore.',
      items: { type: 'string' },
    },
  },
};

const target = fileURLToPath(new URL('../dist/quire.config.schema.json', import.meta.url));
writeFileSync(`${target}.tmp`, `${JSON.stringify(schema, null, 2)}\n`);
renameSync(`${target}.tmp`, target);
console.log(`wrote ${target} (${DIAGNOSTIC_CODES.length} codes)`);
