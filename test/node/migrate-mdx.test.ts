import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMdxMigration, planMdxMigration } from '../../src/node/index.js';
import { copyFixture, readTree } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';

describe('planMdxMigration and applyMdxMigration', () => {
  it('plan from disk, names files relative to cwd, and apply what the fixture expects', async () => {
    const site = copyFixture('migrate-mdx', 'named-spec', 'input');
    const migration = await planMdxMigration('.', { cwd: site });
    expect(migration.root).toBe(site);
    expect(migration.plan.moved.map((page) => page.file)).toEqual(['api/health.mdx', 'api/v1-only.mdx', 'api/reset.mdx']);
    expect(readTree(site)).toEqual(readTree(fixturePath('migrate-mdx', 'named-spec', 'input')));
    const result = await applyMdxMigration(migration);
    expect(result.deleted.map((file) => path.relative(site, file))).toEqual(['api/health.mdx', 'api/v1-only.mdx', 'api/reset.mdx']);
    expect(readTree(site)).toEqual(readTree(fixturePath('migrate-mdx', 'named-spec', 'expected')));
  });

  it('refuses to apply, changing nothing, when a file changed since the plan', async () => {
    const site = copyFixture('migrate-mdx', 'yaml-spec', 'input');
    const migration = await planMdxMigration(site);
    const spec = path.join(site, 'openapi.yaml');
    writeFileSync(spec, `${readFileSync(spec, 'utf8')}# edited meanwhile\n`);
    const before = readTree(site);
    await expect(applyMdxMigration(migration)).rejects.toThrow(/openapi\.yaml changed since the migration was planned/);
    expect(readTree(site)).toEqual(before);
  });

  it('reports diagnostics with file names relative to cwd, with their sources', async () => {
    const site = copyFixture('migrate-mdx', 'kept', 'input');
    const migration = await planMdxMigration(site, { cwd: path.dirname(site) });
    const name = `${path.basename(site)}/api/typo.mdx`;
    expect(migration.diagnostics.find((diagnostic) => diagnostic.code === 'migrate/endpoint-not-found')).toMatchObject({ file: name, line: 3 });
    expect(migration.sources[name]).toContain('openapi: GET /pet/{id}');
  });
});
