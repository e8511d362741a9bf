import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, parseDocsJson, type DocsConfig, type Group, type PageEntry } from '../../src/index.js';

const label = fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text.trim() !== '');
const pagePath = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}(\/[a-z0-9-]{1,8}){0,2}$/);
const hex = fc.stringMatching(/^#[0-9a-f]{6}$/);

// Valid groups: nested groups inside `pages` (never empty: an empty group is a warning), `expanded` only on nested ones.
const group: (nested: boolean) => fc.Arbitrary<Group> = (nested) =>
  fc
    .letrec<{ group: Group; entry: PageEntry }>((tie) => ({
      group: fc.record(
        { group: label, pages: fc.array(tie('entry'), { minLength: 1, maxLength: 4 }), ...(nested ? { expanded: fc.boolean() } : {}) },
        { requiredKeys: ['group', 'pages'] },
      ) as fc.Arbitrary<Group>,
      entry: fc.oneof({ depthSize: 'small', withCrossShrink: true }, pagePath, tie('group')),
    }))
    .group.map((value) => (nested ? value : stripExpanded(value)));

function stripExpanded(value: Group): Group {
  const { expanded: _expanded, ...rest } = value;
  return rest as Group;
}

const groups = fc.array(group(false), { minLength: 1, maxLength: 3 });
const navigation = fc.oneof(
  fc.record({ groups }),
  fc.record({ tabs: fc.array(fc.record({ tab: label, groups }), { minLength: 1, maxLength: 3 }) }),
  fc.record({
    languages: fc
      .uniqueArray(fc.constantFrom(...LANGUAGE_CODES), { minLength: 1, maxLength: 3 })
      .chain((codes) => fc.tuple(...codes.map((language) => fc.record({ language: fc.constant(language), groups })))),
  }),
);
const validConfig: fc.Arbitrary<DocsConfig> = fc.record(
  {
    theme: fc.constantFrom('mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia'),
    name: label,
    colors: fc.record({ primary: hex, light: hex, dark: hex }, { requiredKeys: ['primary'] }),
    description: fc.string(),
    navigation,
  },
  { requiredKeys: ['theme', 'name', 'colors', 'navigation'] },
) as fc.Arbitrary<DocsConfig>;

describe('parseDocsJson properties', () => {
  it('never throws on any JSON value, and reports why a non-config is invalid', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = parseDocsJson(value);
        expect(Array.isArray(result.diagnostics)).toBe(true);
        if (result.config === undefined) expect(result.diagnostics.some((diagnostic) => diagnostic.severity === 'error')).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on any text, and places every diagnostic in the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.json()), (text) => {
        const result = parseDocsJson(text);
        for (const diagnostic of result.diagnostics) {
          expect(diagnostic.line).toBeGreaterThanOrEqual(1);
          expect(typeof diagnostic.message).toBe('string');
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on any value placed anywhere in a valid config', () => {
    fc.assert(
      fc.property(validConfig, fc.jsonValue(), fc.nat(), (config, junk, seed) => {
        const text = JSON.stringify(config);
        const spots = [...text.matchAll(/:"[^"]*"/g)];
        const spot = spots[seed % spots.length];
        if (!spot || spot.index === undefined) return;
        const mutated = `${text.slice(0, spot.index + 1)}${JSON.stringify(junk)}${text.slice(spot.index + spot[0].length)}`;
        expect(() => parseDocsJson(mutated)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('derives from a valid config with errors injected a partial configuration that validates', () => {
    const mutation = fc.constantFrom('number', 'null', 'typo', 'delete', 'empty-string');
    fc.assert(
      fc.property(validConfig, fc.array(fc.tuple(fc.nat(), mutation), { minLength: 1, maxLength: 4 }), (config, injections) => {
        const value = structuredClone(config) as unknown;
        for (const [seed, kind] of injections) inject(value, seed, kind);
        const result = parseDocsJson(JSON.stringify(value, null, 2));
        if (result.config !== undefined) return;
        // Errors only inside navigation elements never take the whole configuration away, unless
        // every element of the root list is itself broken: an empty root list is an error too.
        const insideElements = result.diagnostics.every((diagnostic) => /^\/navigation\/[a-z]+\/\d+/.test(diagnostic.pointer));
        if (insideElements && !everyRootElementInvalid(value, result.diagnostics)) expect(result.partialConfig).toBeDefined();
        if (result.partialConfig === undefined) return;
        const again = parseDocsJson(result.partialConfig);
        expect(again.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
        expect(again.config).toEqual(result.partialConfig);
        for (const part of result.omitted ?? []) expect(part.line).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts every valid config and returns it unchanged through a parse round trip', () => {
    fc.assert(
      fc.property(validConfig, (config) => {
        const first = parseDocsJson(JSON.stringify(config, null, 2));
        expect(first.diagnostics).toEqual([]);
        expect(first.config).toEqual(config);
        const second = parseDocsJson(JSON.stringify(first.config));
        expect(second.config).toEqual(first.config);
      }),
      { numRuns: 300 },
    );
  });
});

/** Breaks one value of `root` (the `seed`-th container, counted depth first): the kinds of mistakes people make. */
/** Whether every element of the navigation's root list has an error on itself or one of its own keys (`/navigation/tabs/3/tab`). */
function everyRootElementInvalid(value: unknown, diagnostics: readonly { pointer: string }[]): boolean {
  const navigation = (value as { navigation?: Record<string, unknown> }).navigation ?? {};
  return Object.entries(navigation).some(
    ([key, list]) =>
      Array.isArray(list) &&
      list.every((_, index) => diagnostics.some((diagnostic) => new RegExp(`^/navigation/${key}/${index}(/[^/]+)?$`).test(diagnostic.pointer))),
  );
}

function inject(root: unknown, seed: number, kind: 'number' | 'null' | 'typo' | 'delete' | 'empty-string'): void {
  const containers: Array<Record<string, unknown> | unknown[]> = [];
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    containers.push(value as Record<string, unknown> | unknown[]);
    for (const child of Object.values(value)) walk(child);
  };
  walk(root);
  const container = containers[seed % containers.length] as Record<string, unknown> | unknown[];
  const keys = Object.keys(container);
  const key = keys[seed % Math.max(keys.length, 1)];
  if (kind === 'typo' && !Array.isArray(container)) container[key === 'pages' ? 'pagess' : `${key ?? 'x'}x`] = container[key ?? 'x'] ?? 1;
  if (key === undefined) return;
  const target = container as Record<string, unknown>;
  if (kind === 'number') target[key] = 42;
  if (kind === 'null') target[key] = null;
  if (kind === 'empty-string') target[key] = '';
  if (kind === 'delete') {
    if (Array.isArray(container)) container.splice(Number(key), 1);
    else delete target[key];
  }
}
