import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TARGETS, type HostileInput, type TargetName } from './hostile-inputs.js';

/**
 * Every input that ever made a function of the core throw (found by the property test or by
 * hand), one folder each under fixtures/hostile/: `input.json` ({ kind, file, text }, JSON so
 * that lone surrogates survive) and `expected.json`, the codes each target reports on it
 * (`UPDATE=1` writes it; review the diff).
 */
const folder = fileURLToPath(new URL('../../fixtures/hostile', import.meta.url));

describe('hostile input fixtures', () => {
  const cases = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  it('exist', () => expect(cases.length).toBeGreaterThan(0));
  for (const name of cases) {
    it(name, () => {
      const input = JSON.parse(readFileSync(path.join(folder, name, 'input.json'), 'utf8')) as HostileInput;
      const codes: Partial<Record<TargetName, string[]>> = {};
      for (const [target, { kind, run }] of Object.entries(TARGETS) as Array<[TargetName, (typeof TARGETS)[TargetName]]>) {
        if (kind === input.kind) codes[target] = [...new Set(run(input.text, input.file).map((diagnostic) => diagnostic.code))].sort();
      }
      const expectedFile = path.join(folder, name, 'expected.json');
      if (process.env.UPDATE === '1') writeFileSync(expectedFile, `${JSON.stringify(codes, null, 2)}\n`);
      expect(codes).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')));
    });
  }
});
