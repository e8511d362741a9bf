import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/node/load-site.js';
import { outlineSnapshotKey, readOutlineSnapshot, writeOutlineSnapshot } from '../../src/node/outline-snapshot.js';

describe('the outline quire dev keeps for its next start', () => {
  it('reads back what was kept under the same key only, and nothing from a damaged file', async () => {
    const site = await loadSite('fixtures/render/site', { content: false, offline: true });
    const cache = mkdtempSync(path.join(tmpdir(), 'quire-outline-'));
    const key = outlineSnapshotKey(site.docsJson, { strict: false, offline: true })!;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    // Another option, or another docs.json, is another key.
    expect(outlineSnapshotKey(site.docsJson, { strict: true, offline: true })).not.toBe(key);
    expect(outlineSnapshotKey(path.join(cache, 'docs.json'), { strict: false, offline: true })).toBeUndefined();

    expect(readOutlineSnapshot(cache, key)).toBeUndefined();
    writeOutlineSnapshot(cache, key, site);
    // Written whole under its name: no temporary file left.
    expect(readdirSync(cache)).toEqual(['dev-outline.v8']);
    const kept = readOutlineSnapshot<typeof site>(cache, key)!;
    expect(kept.tree).toEqual(site.tree);
    expect(kept.endpointPages).toEqual(site.endpointPages);
    expect(kept.frontmatter).toEqual(site.frontmatter);
    expect(kept.sources).toEqual({});
    expect(readOutlineSnapshot(cache, 'another key')).toBeUndefined();

    writeFileSync(path.join(cache, 'dev-outline.v8'), 'not a snapshot');
    expect(readOutlineSnapshot(cache, key)).toBeUndefined();
  });
});
