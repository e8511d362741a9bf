import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateEndpointMdx } from '../../src/openapi-mdx/endpoint-mdx.js';
import { parseFrontmatter } from '../../src/frontmatter/frontmatter.js';
import { readEndpointPages } from '../../src/migrate/mdx-pages.js';
import { frontmatterYaml, multiLineFrontmatter } from '../helpers/yaml-arbitraries.js';

// migrate-mdx reads a page's frontmatter into `x-quire.metadata`, and openapi-file writes it back
// as the generated page's frontmatter: the platform must read the same fields in both pages.
const yaml = fc.oneof(
  frontmatterYaml,
  multiLineFrontmatter.map(({ underIndented }) => underIndented),
);

describe('frontmatter moved by migrate-mdx and written by openapi-file', () => {
  it('reads as the platform read it in the page, for every page whose frontmatter the platform reads', () => {
    let compared = 0;
    fc.assert(
      fc.property(yaml, fc.boolean(), (fields, openapiFirst) => {
        // A mapping as a key (`? x: y`) becomes a key string the YAML library writes (with a warning), not the page.
        if (/^\? /m.test(fields)) return;
        const text = `---\n${openapiFirst ? `openapi: POST /pets\n${fields}` : `${fields}\nopenapi: POST /pets`}\n---\nBody\n`;
        const platform = parseFrontmatter(text, 'page.mdx');
        if (platform.data?.openapi !== 'POST /pets' || platform.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return;
        compared++;
        const moved = readEndpointPages({ 'page.mdx': text }).pages[0];
        expect(moved, 'read by migrate-mdx').toBeDefined();
        const metadata = { title: 'The operation summary', ...moved?.metadata };
        const written = generateEndpointMdx({ kind: 'endpoint', method: 'GET', path: '/pets', metadata: { ...metadata, openapi: 'GET /pets' } });
        // The summary is the title only where the page had no `title` field (one left empty stays empty).
        const expected = {
          ...(moved?.metadata && 'title' in moved.metadata ? {} : { title: 'The operation summary' }),
          ...platform.data,
          openapi: 'GET /pets',
        };
        expect(parseFrontmatter(written, 'page.mdx').data).toEqual(expected);
      }),
      { numRuns: 1500 },
    );
    expect(compared).toBeGreaterThan(250);
  });
});
