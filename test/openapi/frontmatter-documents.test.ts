import { describe, expect, it } from 'vitest';
import {
  documentsNamed,
  frontmatterDocumentNeeds,
  frontmatterReference,
  inPlatformOrder,
  nearestDocuments,
  pageRelativeDocument,
} from '../../src/openapi/frontmatter-documents.js';

// The OpenAPI files of axiomhq/docs, of Firma's versioned reference and of a site with translations.
const axiom = ['restapi/versions/v1-edge-ingest.json', 'restapi/versions/v1-edge-query.json', 'restapi/versions/v1.json', 'restapi/versions/v2.json'];

describe('documentsNamed', () => {
  it('finds a document by its path from the root, with or without a leading / or ./, never from the page', () => {
    for (const name of ['restapi/versions/v2.json', '/restapi/versions/v2.json', './restapi/versions/v2.json'])
      expect(documentsNamed(name, axiom)[0]).toBe('restapi/versions/v2.json');
  });

  it('finds a document by its file name, with or without extension', () => {
    expect(documentsNamed('v2', axiom)).toEqual(['restapi/versions/v2.json']);
    expect(documentsNamed('v2.json', axiom)).toEqual(['restapi/versions/v2.json']);
    expect(documentsNamed('./builder-api.json', ['api/builder/builder-api.json'])).toEqual(['api/builder/builder-api.json']);
  });

  it('ranks like the platform: exact path, then a path containing the name, then exact file name, then a file name containing it', () => {
    // `v1` is in every path; the exact file name v1.json comes after the paths containing it.
    expect(documentsNamed('v1', axiom)).toEqual(['restapi/versions/v1-edge-ingest.json', 'restapi/versions/v1-edge-query.json', 'restapi/versions/v1.json']);
    expect(documentsNamed('restapi/versions/v1.json', axiom)[0]).toBe('restapi/versions/v1.json');
    // A translated page naming `../analytics-api.json` reaches every copy, the English one first.
    expect(documentsNamed('../analytics-api.json', ['analytics/analytics-api.json', 'ja/analytics/analytics-api.json'])).toEqual([
      'analytics/analytics-api.json',
      'ja/analytics/analytics-api.json',
    ]);
  });

  it('finds nothing for a document that is not there; the nearest names are suggested', () => {
    const firma = ['api-reference/v01.13.00/openapi-v01.13.00.json', 'api-reference/v01.14.00/openapi-v01.14.00.json'];
    expect(documentsNamed('/api-reference/v01.13.00/openapi-v01.14.00.json', firma)).toEqual([]);
    expect(nearestDocuments('/api-reference/v01.13.00/openapi-v01.14.00.json', firma)).toEqual([
      'api-reference/v01.13.00/openapi-v01.13.00.json',
      'api-reference/v01.14.00/openapi-v01.14.00.json',
    ]);
    expect(nearestDocuments('openapi-authentikator', ['openapi-admin.yaml', 'openapi-authenticator.yaml'])[0]).toBe('openapi-authenticator.yaml');
  });

  it('matches a URL as written', () => {
    expect(documentsNamed('https://example.com/openapi.json', ['https://example.com/openapi.json', 'openapi.json'])[0]).toBe(
      'https://example.com/openapi.json',
    );
  });
});

describe('frontmatterReference and frontmatterDocumentNeeds', () => {
  it('reads the document of `openapi` from three words and of `openapi-schema` from two', () => {
    expect(frontmatterReference('openapi', 'v2 GET /users')).toEqual({ document: 'v2' });
    expect(frontmatterReference('openapi', 'GET /users')).toEqual({});
    expect(frontmatterReference('openapi-schema', 'openapi.yaml User')).toEqual({ document: 'openapi.yaml' });
    expect(frontmatterReference('openapi-schema', 'User')).toEqual({});
  });

  it('needs the repository files for a named document or an unnamed one with none in effect, and URLs as given', () => {
    const needs = (frontmatter: Record<string, Record<string, unknown>>, inEffect = 0) =>
      frontmatterDocumentNeeds(new Map(Object.entries(frontmatter)), () => inEffect);
    expect(needs({ a: { openapi: 'GET /x' } }, 1)).toEqual({ urls: [], repositoryFiles: false });
    expect(needs({ a: { openapi: 'GET /x' } }, 0)).toEqual({ urls: [], repositoryFiles: true });
    expect(needs({ a: { openapi: 'v2 GET /x' } }, 1)).toEqual({ urls: [], repositoryFiles: true });
    expect(needs({ a: { 'openapi-schema': 'https://x.dev/api.json User' } }, 1)).toEqual({ urls: ['https://x.dev/api.json'], repositoryFiles: false });
  });
});

describe('inPlatformOrder and pageRelativeDocument', () => {
  it('orders documents as a depth-first walk of sorted folders, URLs last', () => {
    expect(inPlatformOrder(['https://x.dev/a.json', 'ja/api/a.json', 'api/a.json', 'api-v2/a.json', 'api/z/a.json'])).toEqual([
      'api/a.json',
      'api/z/a.json',
      'api-v2/a.json',
      'ja/api/a.json',
      'https://x.dev/a.json',
    ]);
  });

  it('gives the document beside the page a page-relative name would mean, only when it is written relative', () => {
    const known = ['api/analytics-api.json', 'ja/api/analytics-api.json'];
    expect(pageRelativeDocument('../analytics-api.json', 'ja/api/secret/wallets', known)).toBe('ja/api/analytics-api.json');
    expect(pageRelativeDocument('./analytics-api', 'ja/api/wallets', known)).toBe('ja/api/analytics-api.json');
    expect(pageRelativeDocument('/ja/api/analytics-api.json', 'ja/api/wallets', known)).toBeUndefined();
    expect(pageRelativeDocument('v2', 'restapi/endpoints/get', ['restapi/versions/v2.json'])).toBeUndefined();
  });
});
