import { describe, expect, it } from 'vitest';
import { migrateMdx } from '../../src/index.js';

const docsJson = `{
  "theme": "mint",
  "name": "A",
  "colors": { "primary": "#112233" },
  "navigation": {
    "groups": [
      { "group": "API", "openapi": "openapi.yaml", "pages": ["api/list-pets", "api/create-pet"] }
    ]
  }
}
`;
const spec = `openapi: 3.1.0
info:
  title: Pets
  version: '1'
paths:
  /pets:
    get:
      summary: List pets
      responses:
        '200':
          description: ok
    post:
      summary: Create a pet
      responses:
        '201':
          description: created
`;

describe('migrateMdx', () => {
  it('moves a page into its operation and rewrites the entry', () => {
    const plan = migrateMdx({
      docsJson,
      pages: { 'api/list-pets.mdx': '---\ntitle: All pets\nopenapi: get /pets\n---\n\nHello **pets**.\n' },
      specs: { 'openapi.yaml': spec },
    });
    expect(plan.kept).toEqual([]);
    expect(plan.moved).toMatchObject([{ file: 'api/list-pets.mdx', spec: 'openapi.yaml', method: 'GET', path: '/pets', href: '/api/list-pets', entries: [{ file: 'docs.json', pointer: '/navigation/groups/0/pages/0', from: 'api/list-pets', to: 'GET /pets' }] }]);
    expect(plan.changes.map((change) => [change.kind, change.file])).toEqual([['write', 'openapi.yaml'], ['write', 'docs.json'], ['delete', 'api/list-pets.mdx']]);
    console.log((plan.changes[0] as { content: string }).content, (plan.changes[1] as { content: string }).content);
  });
});
