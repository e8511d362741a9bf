import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocsJson, type ParseDocsJsonOptions } from '../../src/index.js';
import { expectedJson, fixtureCases, fixturePath, folderReader } from '../helpers/fixtures.js';

function parseCase(folder: string, name: string) {
  const directory = fixturePath(folder, name);
  const options: ParseDocsJsonOptions = existsSync(path.join(directory, 'options.json'))
    ? JSON.parse(readFileSync(path.join(directory, 'options.json'), 'utf8'))
    : {};
  const text = readFileSync(path.join(directory, 'docs.json'), 'utf8');
  return { options, result: parseDocsJson(text, { ...options, file: 'docs.json', readFile: folderReader(directory) }) };
}

function errorsOf(result: ReturnType<typeof parseDocsJson>): string[] {
  return result.diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => `${diagnostic.file}:${diagnostic.line} ${diagnostic.code} ${diagnostic.pointer}`);
}

// Each folder of fixtures/partial-config is one docs.json with errors; expected.json holds its
// errors, the partial configuration derived from it and the parts left out.
describe('parseDocsJson partialConfig on fixtures/partial-config', () => {
  for (const name of fixtureCases('partial-config')) {
    it(name, () => {
      const { options, result } = parseCase('partial-config', name);
      expect(result.config).toBeUndefined();
      const actual = { errors: errorsOf(result), partialConfig: result.partialConfig ?? null, omitted: result.omitted ?? null };
      expect(actual).toEqual(expectedJson(fixturePath('partial-config', name, 'expected.json'), actual));
      expect(actual.errors.length).toBeGreaterThan(0);
      if (result.partialConfig) expect(errorsOf(parseDocsJson(result.partialConfig, options))).toEqual([]);
    });
  }

  it('places pointers of the partial configuration where they are written', () => {
    const { result } = parseCase('partial-config', 'group-typo-pages');
    // "Advanced" keeps its place without its misspelt key; "Tuning" is the third group once the
    // group labelled 7 is left out, and "tuning" its first page.
    expect(result.partialConfig?.navigation.groups?.[1]).toEqual({ group: 'Advanced' });
    expect(result.partialConfig?.navigation.groups?.[2]).toEqual({ group: 'Tuning', pages: ['tuning'] });
    expect(result.locatePartial?.('/navigation/groups/2/pages/0')).toEqual({
      file: 'docs.json',
      pointer: '/navigation/groups/3/pages/0',
      line: 10,
      column: 38,
    });
    // `locate` stays about the document as written.
    expect(result.locate('/navigation/groups/2/pages/0')).toMatchObject({ pointer: '/navigation/groups/2/pages/0', line: 9 });
  });
});

describe('partialConfig edge cases', () => {
  it('keeps a key named __proto__ as a key of the copy', () => {
    const result = parseDocsJson('{"theme":"mint","name":"A","colors":{"primary":"#000000"},"__proto__":{"x":1},"navigation":{"pages":["index",""]}}');
    expect(result.partialConfig?.navigation.pages).toEqual(['index']);
    expect(Object.hasOwn(result.partialConfig ?? {}, '__proto__')).toBe(true);
  });

  it('derives none from a value nested past the depth limit', () => {
    let nested: Record<string, unknown> = { group: 'leaf', pages: ['a'] };
    for (let depth = 0; depth < 400; depth++) nested = { group: `g${depth}`, pages: [nested] };
    const result = parseDocsJson({ theme: 'mint', name: 'A', colors: { primary: '#000000' }, navigation: { groups: [nested] } });
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toContain('json/too-deep');
    expect(result.partialConfig).toBeUndefined();
  });
});

describe('partialConfig on every case of fixtures/docs-json', () => {
  for (const name of fixtureCases('docs-json')) {
    it(name, () => {
      const { options, result } = parseCase('docs-json', name);
      if (result.config) {
        expect(result.partialConfig).toBeUndefined();
        expect(result.omitted).toBeUndefined();
        return;
      }
      if (!result.partialConfig) return;
      // What is left validates, and each part left out is placed in a file that was read. Nothing
      // is left out for a duplicate key alone: the value kept is the last, as the platform does.
      expect(errorsOf(parseDocsJson(result.partialConfig, options))).toEqual([]);
      if (name === 'json-duplicate-key') expect(result.omitted).toEqual([]);
      else expect(result.omitted?.length).toBeGreaterThan(0);
      for (const part of result.omitted ?? []) {
        expect(Object.keys(result.sources)).toContain(part.file);
        expect(part.line).toBeGreaterThan(0);
      }
    });
  }
});
