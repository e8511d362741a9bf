import { describe, expect, it } from 'vitest';
import { buildEndpointPages, buildSite, loadOpenApi, type BuildSiteInput } from '../../src/index.js';
import { MAX_OUTPUT_PATH_BYTES } from '../../src/build/output-paths.js';

/**
 * A description with the shapes that broke `quire build` on GitHub's, DocuSign's and Microsoft
 * Graph's, at a size CI runs in a second: webhooks whose summary is a paragraph, a base type
 * every schema extends with a discriminator mapping of every subtype, and records whose fields
 * nest shared schemas four deep, used by every operation.
 */
function generatedDescription(): string {
  const schemas: Record<string, unknown> = {};
  const types = 150;
  schemas.Entity = {
    type: 'object',
    description: 'The base of every type.',
    properties: { id: { type: 'string', description: 'Identifier.' }, '@odata.type': { type: 'string' } },
    discriminator: {
      propertyName: '@odata.type',
      mapping: Object.fromEntries(Array.from({ length: types }, (_, index) => [`#example.type${index}`, `#/components/schemas/Type${index}`])),
    },
  };
  schemas.Country = {
    type: 'object',
    description: 'A country.',
    properties: {
      code: { type: 'string', pattern: '^[A-Z]{2}$' },
      name: { type: 'string', description: 'The country, in English, as the post office writes it.' },
    },
  };
  schemas.Address = {
    type: 'object',
    description: 'A postal address.',
    properties: {
      line1: { type: 'string', description: 'First line of the address.' },
      city: { type: 'string' },
      country: { $ref: '#/components/schemas/Country' },
    },
  };
  schemas.Person = {
    type: 'object',
    description: 'A person.',
    properties: { name: { type: 'string' }, home: { $ref: '#/components/schemas/Address' }, work: { $ref: '#/components/schemas/Address' } },
  };
  for (let index = 0; index < types; index++) {
    const fields = Object.fromEntries(
      Array.from({ length: 12 }, (_, field) => [
        `field${field}`,
        { type: 'string', description: `Field ${field} of type ${index}, described at the length real descriptions have.` },
      ]),
    );
    schemas[`Type${index}`] = {
      allOf: [
        { $ref: '#/components/schemas/Entity' },
        {
          type: 'object',
          properties: {
            ...fields,
            owner: { $ref: '#/components/schemas/Person' },
            contacts: { type: 'array', items: { $ref: '#/components/schemas/Person' } },
          },
        },
      ],
    };
  }
  const paths: Record<string, unknown> = {};
  for (let index = 0; index < types; index++) {
    const schema = { $ref: `#/components/schemas/Type${index}` };
    paths[`/types${index}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { tags: ['Types'], summary: `Get type ${index}`, responses: { 200: { description: 'OK', content: { 'application/json': { schema } } } } },
      patch: {
        tags: ['Types'],
        summary: `Update type ${index}`,
        requestBody: { content: { 'application/json': { schema } } },
        responses: { 204: { description: 'Updated' } },
      },
    };
  }
  const sentence =
    'This event occurs when there is activity relating to a merge group in a merge queue. For more information, see "Managing a merge queue". To subscribe to this event, a GitHub App must have at least read-level access for the "Merge queues" repository permission.';
  const webhooks: Record<string, unknown> = {};
  for (let index = 0; index < 20; index++) {
    webhooks[`event-${index}`] = {
      post: {
        tags: ['Webhooks'],
        summary: sentence,
        description: sentence,
        requestBody: { content: { 'application/json': { schema: { $ref: `#/components/schemas/Type${index}` } } } },
        responses: { 200: { description: 'Received' } },
      },
    };
  }
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Generated', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    webhooks,
    components: { schemas },
  });
}

describe('quire build on a generated description with the shapes of the largest public ones', () => {
  it('writes bounded paths and output proportional to the description', () => {
    const text = generatedDescription();
    const { document } = loadOpenApi(text, { file: 'openapi.json' });
    if (!document) throw new Error('the generated description does not load');
    const { pages } = buildEndpointPages(document);
    expect(pages).toHaveLength(320);
    // The page models in memory, written out in full, are what made 1.2 GB of DocuSign's 2.8 MB.
    const expanded = pages.reduce((sum, page) => sum + JSON.stringify(page).length, 0);
    expect(expanded / text.length).toBeGreaterThan(10);

    const input: BuildSiteInput = {
      config: { name: 'Generated', theme: 'mint', colors: { primary: '#000000' } } as BuildSiteInput['config'],
      tree: { root: { kind: 'root', label: '', children: [] }, global: [] } as unknown as BuildSiteInput['tree'],
      endpointPages: pages,
    };
    const { files, diagnostics } = buildSite(input);
    expect(diagnostics).toEqual([]);
    const output = files.reduce((sum, file) => sum + file.content.length, 0);
    // Request samples repeat each body's example once per language (eight by default): here 150
    // bodies of ~1.7 KB, about 8x the description on their own. Everything else stays under 4x.
    const samples = pages.reduce((sum, page) => sum + JSON.stringify(page.codeSamples).length, 0);
    expect((output - samples) / text.length).toBeLessThan(4);
    expect(output / text.length).toBeLessThan(13);
    for (const file of files) {
      expect(file.path.length).toBeLessThanOrEqual(MAX_OUTPUT_PATH_BYTES);
      expect(Math.max(...file.path.split('/').map((segment) => segment.length)), file.path).toBeLessThanOrEqual(255);
    }
    // Twenty webhooks with the same paragraph as summary: numbered as the platform numbers them,
    // the URLs whole; the files cut, each with a hash of its whole name.
    const webhooks = pages.filter((page) => page.kind === 'webhook').map((page) => page.url);
    expect(webhooks).toHaveLength(20);
    expect(webhooks[1]).toBe(`${webhooks[0]}-1`);
    expect(webhooks[19]).toBe(`${webhooks[0]}-19`);
    const webhookFiles = files.filter((file) => file.path.startsWith('endpoints/api-reference/webhooks/')).map((file) => file.path);
    expect(new Set(webhookFiles).size).toBe(20);
    // The base type's mapping is written once, in the table, not in each of the 320 pages.
    expect(
      files
        .map((file) => file.content)
        .join('')
        .split('"#example.type0"').length - 1,
    ).toBe(1);
  });
});
