import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES } from '../../src/diagnostics/codes.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('quire-docs/quire.config.schema.json', () => {
  it('offers every diagnostic code and the three severities, and is exported', () => {
    const schema = JSON.parse(readFileSync(`${root}dist/quire.config.schema.json`, 'utf8')) as {
      additionalProperties: boolean;
      properties: { rules: { properties: Record<string, { enum: string[] }> }; ignore: { items: { type: string } } };
    };
    expect(Object.keys(schema.properties.rules.properties)).toEqual([...DIAGNOSTIC_CODES]);
    expect(schema.properties.rules.properties['navigation/missing-page']?.enum).toEqual(['off', 'warning', 'error']);
    expect(schema.properties.ignore.items.type).toBe('string');
    expect(schema.additionalProperties).toBe(false);
    const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { exports: Record<string, unknown> };
    expect(manifest.exports['./quire.config.schema.json']).toBe('./dist/quire.config.schema.json');
  });
});
