import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { everyPointer } from '../helpers/pointers.js';
import { parseDocsJson } from '../../src/index.js';
import { fixturePath, folderReader } from '../helpers/fixtures.js';

// `locate` finds pointers asked ahead (`prepare`) in one pass over each file; the answers must be
// those of the index of every value it builds otherwise, in docs.json and in $ref'ed files.
describe('parseDocsJson locate', () => {
  const folder = fixturePath('docs-json', 'valid-ref');
  const parse = () => parseDocsJson(readFileSync(path.join(folder, 'docs.json'), 'utf8'), { file: 'docs.json', readFile: folderReader(folder) });
  const config = parse().config;
  const asked = [...everyPointer(config), '/navigation/languages/1/tabs/7/pages/0', '/navigation/languages/0/tabs/0/nope', '/redirects/99', '/nowhere'];

  it('places prepared pointers as it places others, values and keys', () => {
    expect(config).toBeDefined();
    for (const at of ['value', 'key'] as const) {
      const unprepared = parse();
      const prepared = parse();
      prepared.locate.prepare?.(asked);
      // One at a time, the first few pointers are found by a pass each, then every value is indexed.
      const expected = asked.map((pointer) => unprepared.locate(pointer, at));
      expect(asked.map((pointer) => prepared.locate(pointer, at))).toEqual(expected);
      expect(
        expected.filter((place) => place.file.endsWith('fr.json') || place.file.endsWith('fr-tab.json') || place.file.endsWith('redirects.json')).length,
      ).toBeGreaterThan(0);
    }
  });

  it('places what is not in the text at its nearest ancestor that is', () => {
    const result = parse();
    result.locate.prepare?.(['/navigation/languages/0/tabs/0/nope']);
    const { line, column } = result.locate('/navigation/languages/0/tabs/0');
    expect(result.locate('/navigation/languages/0/tabs/0/nope')).toEqual({ file: 'docs.json', pointer: '/navigation/languages/0/tabs/0/nope', line, column });
  });
});
