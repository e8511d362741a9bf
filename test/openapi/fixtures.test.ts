import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildEndpointPages,
  buildSchemaPage,
  findOperation,
  findSchema,
  findWebhook,
  listOperations,
  loadOpenApi,
  type BuildEndpointPagesOptions,
} from '../../src/index.js';
import { expectedJson, fixtureCases, fixturePath } from '../helpers/fixtures.js';

interface CaseOptions {
  pages?: BuildEndpointPagesOptions;
  /** Schema pages to build. */
  schemas?: string[];
  /** Lookups: `GET /path`, `webhook name` or `schema Name`. */
  find?: string[];
}

// Each folder of fixtures/openapi is one rule: a description (openapi.yaml, openapi.json or
// another name), an optional options.json, and expected.json with what Quire makes of it: the
// load diagnostics, the operations, the page models and groups, and any lookups.
describe('OpenAPI fixtures', () => {
  for (const name of fixtureCases('openapi')) {
    it(name, () => {
      const folder = fixturePath('openapi', name);
      const specFile = readdirSync(folder).find((file) => !['expected.json', 'options.json'].includes(file)) as string;
      const options: CaseOptions = existsSync(path.join(folder, 'options.json')) ? JSON.parse(readFileSync(path.join(folder, 'options.json'), 'utf8')) : {};
      const text = readFileSync(path.join(folder, specFile), 'utf8');
      const loaded = loadOpenApi(text, { file: specFile });
      const actual: Record<string, unknown> = { loaded: loaded.document !== undefined, diagnostics: loaded.diagnostics };
      if (loaded.document) {
        const document = loaded.document;
        actual.operations = listOperations(document, options.pages?.extension ? { extension: options.pages.extension } : {});
        // Request samples are the subject of the code-samples-* cases (their options.json says
        // which); elsewhere they would repeat eight languages on every page of every expectation.
        const pageOptions: BuildEndpointPagesOptions = { codeSamples: { autogenerate: false }, ...options.pages };
        const built = buildEndpointPages(document, pageOptions);
        actual.groups = built.groups.map((group) => ({ label: group.label, tag: group.tag, pages: group.pages.map((page) => page.url) }));
        actual.pageDiagnostics = built.diagnostics;
        actual.pages = built.pages;
        if (options.schemas) actual.schemas = options.schemas.map((schema) => buildSchemaPage(document, schema) ?? null);
        if (options.find) actual.find = Object.fromEntries(options.find.map((query) => [query, lookup(document, query)]));
        // Page models are plain data: they survive JSON and hold no cycles.
        expect(JSON.parse(JSON.stringify(built.pages))).toEqual(built.pages);
      }
      expect(actual).toEqual(expectedJson(path.join(folder, 'expected.json'), actual));
      if (name.startsWith('valid-')) expect(loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
      else expect([...loaded.diagnostics, ...((actual.pageDiagnostics as unknown[]) ?? [])].length).toBeGreaterThan(0);
      for (const diagnostic of loaded.diagnostics) {
        expect(diagnostic.code).toMatch(/^openapi\//);
        expect(diagnostic.line, `${diagnostic.code} has a line`).toBeGreaterThan(0);
      }
    });
  }
});

function lookup(document: NonNullable<ReturnType<typeof loadOpenApi>['document']>, query: string): unknown {
  const [first, ...rest] = query.split(' ');
  if (first === 'webhook') return findWebhook(document, rest.join(' '));
  if (first === 'schema') return findSchema(document, rest.join(' '));
  return findOperation(document, first as string, rest.join(' '));
}
