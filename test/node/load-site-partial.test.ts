import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/node/index.js';
import { fixturePath } from '../helpers/fixtures.js';

describe('loadSite with errors in docs.json', () => {
  it('checks the rest of the site with the partial configuration, and keeps `config` undefined', async () => {
    const site = await loadSite(fixturePath('cli', 'validate-partial-site'), { cwd: fixturePath('cli', 'validate-partial-site') });
    expect(site.config).toBeUndefined();
    expect(site.partialConfig?.navigation.tabs?.[0]?.groups?.map((group) => group.group)).toEqual(['Start', 'Advanced', 'Tuning']);
    // The misspelt `pagess` is left out; its group stays, with no pages.
    expect(site.omitted).toEqual([{ kind: 'key', file: 'docs.json', pointer: '/navigation/tabs/0/groups/1/pagess', line: 11, column: 34 }]);
    expect(site.tree).toBeDefined();
    expect([...(site.pages?.byPath.keys() ?? [])].sort()).toEqual(['api/get-user', 'guides/caching', 'guides/setup', 'guides/tuning', 'index']);
    // The missing page is placed at its entry in docs.json, not at the index it has in the partial configuration.
    expect(site.diagnostics.find((diagnostic) => diagnostic.code === 'navigation/missing-page')).toMatchObject({
      file: 'docs.json',
      pointer: '/navigation/tabs/0/groups/2/pages/1',
      line: 12,
    });
  });

  it('does not report endpoint entries as without a document when the document setting is left out', async () => {
    const folder = fixturePath('partial-config', 'api-document-invalid');
    const site = await loadSite(folder, { cwd: folder });
    expect(site.omitted).toEqual([{ kind: 'setting', file: 'docs.json', pointer: '/api/openapi', line: 5, column: 23 }]);
    expect(site.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['config/invalid-type']);
  });

  it('gives no partial configuration for a valid docs.json', async () => {
    const site = await loadSite(fixturePath('example-site'), { cwd: fixturePath('example-site') });
    expect(site.config).toBeDefined();
    expect(site.partialConfig).toBeUndefined();
    expect(site.omitted).toBeUndefined();
  });
});
