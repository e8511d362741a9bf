import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEndpointPages, findOperation, listOperations, loadOpenApi } from '../../src/index.js';

// Whatever the input, the loader and the page builder return values and diagnostics: they never
// throw, and every diagnostic names the file and a pointer.
describe('OpenAPI on arbitrary input', () => {
  const member = fc.oneof(
    fc.constant('$ref'),
    fc.constant('paths'),
    fc.constant('get'),
    fc.constant('parameters'),
    fc.constant('schema'),
    fc.constant('responses'),
    fc.constant('content'),
    fc.constant('items'),
    fc.constant('properties'),
    fc.constant('security'),
    fc.constant('servers'),
    fc.constant('x-quire'),
    fc.constant('x-mint'),
    fc.constant('metadata'),
    fc.constant('href'),
    fc.constant('groups'),
    fc.constant('playground'),
    fc.constant('mcp'),
    fc.constant('/users/{id}'),
    fc.constant('in'),
    fc.constant('name'),
    fc.string(),
  );
  const value = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      fc.jsonValue({ maxDepth: 1 }),
      fc.constant('#/paths'),
      fc.array(tie('node'), { maxLength: 3 }),
      fc.dictionary(member, tie('node'), { maxKeys: 4 }),
    ),
  })).node;

  it('never throw on text or values', () => {
    fc.assert(
      fc.property(fc.dictionary(member, value, { maxKeys: 5 }), fc.constantFrom('3.0.3', '3.1.0'), (body, version) => {
        const spec = { openapi: version, info: { title: 't', version: '1' }, ...body };
        for (const source of [spec, JSON.stringify(spec)]) {
          const result = loadOpenApi(source, { file: 'spec.json' });
          for (const diagnostic of result.diagnostics) {
            expect(diagnostic.file).toBe('spec.json');
            expect(typeof diagnostic.pointer).toBe('string');
          }
          if (result.document) {
            buildEndpointPages(result.document);
            listOperations(result.document);
            findOperation(result.document, 'get', '/users/{id}');
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never throw on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const result = loadOpenApi(text, { file: 'x.yaml' });
        expect(Array.isArray(result.diagnostics)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
