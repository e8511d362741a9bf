import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/node/index.js';
import { expectedJson, fixtureCases, fixturePath } from '../helpers/fixtures.js';

// Each folder of fixtures/frontmatter-openapi is a site whose pages name their OpenAPI document in
// frontmatter (`openapi: v2 GET /users`, `openapi-schema: v2.yaml User`); expected.json holds the
// diagnostics loadSite reports and the pages that got an operation's model. The platform finds
// the document from the root of the docs, never from the page's folder.
describe('loadSite: the OpenAPI document named in frontmatter', () => {
  for (const name of fixtureCases('frontmatter-openapi')) {
    it(name, async () => {
      const folder = fixturePath('frontmatter-openapi', name);
      const loaded = await loadSite(folder, { cwd: folder });
      const actual = {
        diagnostics: loaded.diagnostics.map(({ code, severity, file, line, column, message, hint, suggestions }) => ({
          code,
          severity,
          at: `${file}:${line}:${column}`,
          message,
          hint,
          ...(suggestions ? { suggestions } : {}),
        })),
        endpointPages: loaded.endpointPages.map((page) => `${page.url} ${page.kind === 'endpoint' ? `${page.method} ${page.path}` : page.path}`),
      };
      expect(actual).toEqual(expectedJson(path.join(folder, 'expected.json'), actual));
    });
  }
});
