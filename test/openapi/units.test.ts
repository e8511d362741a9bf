import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanJson } from '../../src/json/scan.js';
import { parsePointer } from '../../src/json/pointer.js';
import { ExampleGenerator } from '../../src/openapi/examples.js';
import { hasDuplicateKeys, offsetInJson } from '../../src/json/text.js';
import { RefResolver } from '../../src/openapi/refs.js';
import { SlugRegistry, slugify } from '../../src/openapi/slug.js';
import { buildEndpointPages, loadOpenApi } from '../../src/index.js';
import { fixturePath } from '../helpers/fixtures.js';

describe('slugs', () => {
  it('are lower-case ASCII words joined by dashes', () => {
    expect(slugify('Get a user')).toBe('get-a-user');
    expect(slugify('listUsersById')).toBe('list-users-by-id');
    expect(slugify('Liste des éléments')).toBe('liste-des-elements');
    expect(slugify('  !!  ')).toBe('');
  });

  it('slugifies ASCII texts in one pass exactly as the general rules do', () => {
    const general = (text: string) =>
      text
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '');
    const ascii = fc.string({
      unit: fc.constantFrom(...'aZ9 -_/{}.AbCdxY0'.split(''), ...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code))),
      maxLength: 40,
    });
    fc.assert(
      fc.property(ascii, (text) => {
        expect(slugify(text)).toBe(general(text));
      }),
      { numRuns: 2000 },
    );
    expect(slugify('getHTTPResponse2FA')).toBe(general('getHTTPResponse2FA'));
  });

  it('stay unique in a folder, in the order asked, and linear in the number of collisions', () => {
    const registry = new SlugRegistry();
    expect(['a', 'a', 'a-2', 'a'].map((slug) => registry.claim('f', slug))).toEqual(['a', 'a-2', 'a-2-2', 'a-3']);
    expect(registry.claim('g', 'a')).toBe('a');
    const start = performance.now();
    for (let index = 0; index < 20_000; index++) registry.claim('h', 'same');
    expect(performance.now() - start).toBeLessThan(1_000);
  });
});

describe('positions in JSON text', () => {
  // offsetInJson walks to one value; scanJson records them all. They must agree on every value.
  for (const name of ['invalid-schema-types/openapi.json', 'json-duplicate-key/openapi.json']) {
    it(`agree with scanJson on every value of ${name}`, () => {
      const text = readFileSync(fixturePath('openapi', ...name.split('/')), 'utf8');
      const locations = scanJson(text, { locations: true }).locations ?? new Map();
      expect(locations.size).toBeGreaterThan(10);
      for (const [pointer, location] of locations) {
        if (name.startsWith('json-duplicate-key') && pointer.startsWith('/paths/~1users')) continue; // the first of two equal keys
        expect(offsetInJson(text, parsePointer(pointer), 'value'), pointer).toBe(location.start);
        if (location.key !== undefined) expect(offsetInJson(text, parsePointer(pointer), 'key'), pointer).toBe(location.key);
      }
    });
  }

  it('fall back to the nearest ancestor', () => {
    const text = '{ "a": { "b": [1, { "c": 2 }] } }';
    expect(offsetInJson(text, ['a', 'b', '1', 'missing'], 'value')).toBe(text.indexOf('{ "c"'));
    expect(offsetInJson(text, ['nothing'], 'value')).toBe(0);
  });

  it('duplicate keys are found in any object, and only there', () => {
    expect(hasDuplicateKeys('{"a":1,"b":{"a":2}}')).toBe(false);
    expect(hasDuplicateKeys('{"a":1,"b":[{"x":1,"x":2}]}')).toBe(true);
    expect(hasDuplicateKeys('{"a":"{\\"a\\":1,\\"a\\":2}","b":["a","a"]}')).toBe(false);
    expect(hasDuplicateKeys('{"\\u0061":1,"a":2}')).toBe(true);
    const wide = (extra: string) => `{${Array.from({ length: 40 }, (_, index) => `"k${index}":${index}`).join(',')}${extra}}`;
    expect(hasDuplicateKeys(wide(''))).toBe(false);
    expect(hasDuplicateKeys(wide(',"k3":0'))).toBe(true);
    expect(hasDuplicateKeys(wide(',"k\\u0033":0'))).toBe(true);
  });
});

describe('deep nesting', () => {
  it('is refused in JSON before any recursive walk sees it', () => {
    const text = `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{},"x-deep":${'['.repeat(600)}${']'.repeat(600)}}`;
    const result = loadOpenApi(text, { file: 'deep.json' });
    expect(result.document).toBeUndefined();
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['openapi/too-deep']);
  });
});

describe('circular schemas', () => {
  it('keep a reference back into their own cycle as a marker, and inline everything else once', () => {
    const spec = {
      components: {
        schemas: {
          A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' }, leaf: { $ref: '#/components/schemas/Leaf' } } },
          B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } },
          Leaf: { type: 'string' },
          Self: { type: 'array', items: { $ref: '#/components/schemas/Self' } },
        },
      },
    };
    const resolver = new RefResolver(spec);
    const a = resolver.schema({ $ref: '#/components/schemas/A' });
    expect(a).toEqual({ type: 'object', properties: { b: { $ref: '#/components/schemas/B', circular: true, name: 'B' }, leaf: { type: 'string' } } });
    expect(resolver.schema({ $ref: '#/components/schemas/Self' })).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Self', circular: true, name: 'Self' },
    });
    expect(resolver.isCircular('#/components/schemas/A')).toBe(true);
    expect(resolver.isCircular('#/components/schemas/Leaf')).toBe(false);
    // The same object wherever it is reached from: pages share it.
    expect(resolver.schema({ $ref: '#/components/schemas/A' })).toBe(a);
  });

  it('cost time linear in the schemas, even when every schema reaches every other', () => {
    const count = 3_000;
    const schemas: Record<string, unknown> = {};
    for (let index = 0; index < count; index++) {
      schemas[`S${index}`] = {
        type: 'object',
        properties: { next: { $ref: `#/components/schemas/S${(index + 1) % count}` }, first: { $ref: '#/components/schemas/S0' } },
      };
    }
    const resolver = new RefResolver({ components: { schemas } });
    const start = performance.now();
    for (let index = 0; index < count; index++) resolver.schema({ $ref: `#/components/schemas/S${index}` });
    expect(performance.now() - start).toBeLessThan(2_000);
  });
});

describe('generated examples', () => {
  it('are deterministic, bounded, and stop at circular references', () => {
    const generator = new ExampleGenerator();
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 1_000 }, (_, index) => [`p${index}`, { type: 'integer' }])) };
    const example = generator.example(wide) as Record<string, unknown>;
    expect(Object.keys(example).length).toBeLessThan(500);
    expect(new ExampleGenerator().example(wide)).toEqual(example);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let depth = 0; depth < 50; depth++) deep = { type: 'object', properties: { child: deep } };
    expect(JSON.stringify(generator.example(deep)).match(/child/g)?.length).toBe(6);
    expect(generator.example({ type: 'object', properties: { loop: { $ref: '#/x', circular: true } } })).toEqual({});
    expect(generator.example({ type: ['null', 'string'], format: 'email' })).toBe('user@example.com');
    expect(generator.example({ allOf: [{ properties: { a: { const: 1 } } }, { properties: { b: { enum: ['x'] } } }] })).toEqual({ a: 1, b: 'x' });
  });
});

describe('page URLs', () => {
  it('are numbered within a navigation group for a whole document, and not when named one by one, as on the platform', () => {
    const text = readFileSync(fixturePath('openapi', 'valid-slug-collisions', 'openapi.yaml'), 'utf8');
    const document = loadOpenApi(text, { file: 'openapi.yaml' }).document;
    if (!document) throw new Error('fixture does not load');
    const all = buildEndpointPages(document).pages;
    const numbered = all.filter((page) => /-\d+$/.test(page.url));
    expect(numbered.length).toBeGreaterThan(0);
    for (const page of numbered) {
      const alone = buildEndpointPages(document, { only: [page.kind === 'webhook' ? { webhook: page.path } : { method: page.method, path: page.path }] }).pages;
      expect(alone.map((other) => other.url)).toEqual([page.url.replace(/-\d+$/, '')]);
    }
    expect(buildEndpointPages(document).pages.map((page) => page.url)).toEqual(all.map((page) => page.url));
  });
});

describe('YAML', () => {
  it('gives positions for diagnostics deep in the file', () => {
    const text = readFileSync(fixturePath('openapi', 'path-parameters', 'openapi.yaml'), 'utf8');
    const diagnostics = loadOpenApi(text, { file: 'openapi.yaml' }).diagnostics;
    const location = diagnostics.find((diagnostic) => diagnostic.code === 'openapi/invalid-value');
    expect(location?.pointer).toBe('/paths/~1teams~1{team}/get/parameters/4/in');
    expect(text.split('\n')[(location?.line ?? 0) - 1]?.slice((location?.column ?? 0) - 1)).toMatch(/^body/);
  });
});

describe('docs/openapi.md', () => {
  it('documents every diagnostic code the OpenAPI code reports', async () => {
    const { readdirSync } = await import('node:fs');
    const docs = readFileSync(new URL('../../docs/openapi.md', import.meta.url), 'utf8');
    const sources = ['../../src/openapi', '../../src/openapi/validate', '../../src/node'].map((folder) => new URL(folder, import.meta.url).pathname);
    const codes = new Set<string>();
    for (const folder of sources) {
      for (const file of readdirSync(folder).filter((entry) => entry.endsWith('.ts'))) {
        for (const match of readFileSync(`${folder}/${file}`, 'utf8').matchAll(/'(openapi\/[a-z0-9-]+)'/g)) codes.add(match[1] as string);
      }
    }
    expect(codes.size).toBeGreaterThan(25);
    for (const code of codes) expect(docs, code).toContain(`\`${code}\``);
  });
});
