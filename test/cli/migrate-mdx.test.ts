import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, expectTree, failingFs, quire, quireInProcess, readTree } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';

/** Each case: fixtures/migrate-mdx/<case>/input, migrated, must equal <case>/expected byte for byte. */
const cases: Array<{ name: string; code: number; says: string[] }> = [
  // YAML comments, quoting, flow style and key order stay; existing x-quire members MDX does not set stay.
  {
    name: 'yaml-spec',
    code: 0,
    says: [
      'Moved 3 pages:',
      'openapi.yaml → x-quire: the document already uses x-quire in 1 place, and no x-mint',
      'api/pets/create.mdx → openapi.yaml POST /pets (x-quire, href /api/pets/create)',
      '"/api/pets/create.mdx" → "POST /pets"',
      'Wrote openapi.yaml, docs.json; deleted 3 page files.',
    ],
  },
  // JSON keeps its indentation (4 spaces; one-line objects stay one line); docs.json its tabs; index pages.
  { name: 'json-spec', code: 0, says: ['reference/users/index.mdx → specs/api.json GET /users (x-quire, href /reference/users)'] },
  // Several pages for one endpoint: the last in docs.json moves, the others stay.
  {
    name: 'last-wins',
    code: 1,
    says: ['api/pets-other.mdx → openapi.yaml GET /pets', 'api/pets-old.mdx:3:1 warning migrate/superseded', 'api/pets-new.mdx (migrate/superseded)'],
  },
  // A document named in frontmatter: in effect but ambiguous, not in effect (relative to the page), or unique in effect.
  {
    name: 'named-spec',
    code: 0,
    says: ['"api/health" → "v2.yaml GET /health"', '"api/v1-only" → "GET /legacy"', '"api/reset" → "admin/admin.json POST /reset"'],
  },
  {
    name: 'webhooks',
    code: 0,
    says: ['events/pet-created.mdx → events.yaml webhook pet.created (x-quire, href /events/pet-created)', '"events/pet-created" → "webhook pet.created"'],
  },
  // Pages that cannot move stay, each with why; the others move.
  {
    name: 'kept',
    code: 1,
    says: [
      'api/typo.mdx:3:1 error migrate/endpoint-not-found "GET /pet/{id}" is not in openapi.yaml.',
      'Did you mean "GET /pets/{id}"',
      'migrate/group-root',
      'drafts/get.mdx:3:1 warning migrate/not-in-navigation',
      'Moved 1 page:',
    ],
  },
  // An invalid document: nothing changes, and the output says why.
  {
    name: 'invalid-spec',
    code: 1,
    says: [
      'error migrate/invalid-document openapi.yaml has an error, so nothing was changed',
      'openapi.yaml:3:7 error openapi/missing-field',
      'Nothing was changed.',
    ],
  },
  // The entry lives in a file docs.json includes with $ref: that file is edited, with its own indentation.
  { name: 'refs', code: 0, says: ['nav/api.json /pages/0: "api/list" → "GET /pets"'] },
  // A document written for the platform (it has x-mint) gets the page in x-mint, and the plan says why.
  {
    name: 'x-mint-spec',
    code: 0,
    says: [
      'api/plants/list.mdx → openapi.yaml GET /plants (x-mint, href /api/plants/list)',
      'openapi.yaml → x-mint: the document already uses x-mint in 1 place, and x-mint is what the platform reads',
    ],
  },
];

describe('quire migrate-mdx (built CLI)', () => {
  for (const { name, code, says } of cases) {
    it(name, async () => {
      const site = copyFixture('migrate-mdx', name, 'input');
      const result = await quireInProcess(['migrate-mdx', '.'], { cwd: site });
      for (const text of says) expect(result.stdout).toContain(text);
      expect(result.code, result.stdout + result.stderr).toBe(code);
      expectTree(site, fixturePath('migrate-mdx', name, 'expected'));
      if (code === 0) {
        const validation = await quireInProcess(['validate', '.'], { cwd: site });
        expect(validation.stdout).toMatch(/\n0 errors, 0 warnings/);
      }
    });
  }

  it('changes nothing with --dry-run, and prints the plan and a diff of every file', async () => {
    const site = copyFixture('migrate-mdx', 'yaml-spec', 'input');
    const result = await quireInProcess(['migrate-mdx', site, '--dry-run'], { cwd: path.dirname(site) });
    expect(result.code).toBe(0);
    expect(readTree(site)).toEqual(readTree(fixturePath('migrate-mdx', 'yaml-spec', 'input')));
    expect(result.stdout).toContain('Would move 3 pages:');
    expect(result.stdout).toContain('--- a/openapi.yaml\n+++ b/openapi.yaml\n@@ -18,13 +18,32 @@\n       responses:\n');
    expect(result.stdout).toContain('-        content: Old text that the MDX page replaces.\n+        content: Creates a pet from the JSON body.\n');
    expect(result.stdout).toContain('--- a/api/pets/get.mdx\n+++ /dev/null\n@@ -1,5 +0,0 @@\n');
    expect(result.stdout).toContain('-              "api/pets/list",\n');
    expect(result.stdout).toMatch(/Dry run: nothing was changed; would write .*openapi\.yaml, .*docs\.json; would delete 3 page files without --dry-run\.\n$/);
  });

  it('the dry-run diff, applied with patch, gives what the real run writes', async () => {
    const dry = copyFixture('migrate-mdx', 'named-spec', 'input');
    const diff = await quireInProcess(['migrate-mdx', '--dry-run', '--format', 'json'], { cwd: dry });
    const report = JSON.parse(diff.stdout) as { changes: Array<{ diff: string }> };
    const patch = spawnPatch(dry, report.changes.map((change) => change.diff).join(''));
    if (patch === undefined) return;
    expect(readTree(dry)).toEqual(readTree(fixturePath('migrate-mdx', 'named-spec', 'expected')));
  });

  it('reports in JSON with --format json', async () => {
    const site = copyFixture('migrate-mdx', 'kept', 'input');
    const result = await quireInProcess(['migrate-mdx', site, '--format', 'json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ dryRun: false, blocked: false, moved: [{ method: 'GET', path: '/pets', href: '/api/list', kind: 'endpoint' }] });
    expect(report.kept.map((page: { code: string }) => page.code).sort()).toEqual([
      'migrate/endpoint-not-found',
      'migrate/group-root',
      'migrate/not-in-navigation',
    ]);
    expect(report.deleted).toHaveLength(1);
    expect(report.diagnostics.find((diagnostic: { code: string }) => diagnostic.code === 'migrate/endpoint-not-found')).toMatchObject({
      line: 3,
      column: 1,
      suggestions: ['GET /pets/{id}', 'GET /pets'],
    });
  });

  for (const [operation, call] of [
    ['rename', 2],
    ['writeFile', 2],
    ['unlink', 1],
  ] as const) {
    it(`changes nothing on disk when a ${operation} fails half way`, () => {
      const site = copyFixture('migrate-mdx', 'yaml-spec', 'input');
      const result = quire(['migrate-mdx', '.'], { cwd: site, ...failingFs(operation, call) });
      expect(result.code, result.stdout + result.stderr).toBe(1);
      expect(result.stdout).toContain('nothing changed');
      expect(readTree(site)).toEqual(readTree(fixturePath('migrate-mdx', 'yaml-spec', 'input')));
    });
  }

  it('has --help and refuses bad arguments with exit code 2', async () => {
    const help = await quireInProcess(['migrate-mdx', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: quire migrate-mdx [dir]');
    expect((await quireInProcess(['--help'])).stdout).toContain('migrate-mdx');
    expect((await quireInProcess(['migrate-mdx', '--format', 'xml'])).code).toBe(2);
    expect((await quireInProcess(['migrate-mdx', 'a', 'b'])).code).toBe(2);
    expect((await quireInProcess(['migrate-mdx', '--force'])).code).toBe(2);
  });

  it('says so when there is no docs.json', async () => {
    const site = copyFixture('migrate-mdx', 'yaml-spec', 'input', 'api');
    const result = await quireInProcess(['migrate-mdx', '.'], { cwd: site });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('error config/not-found docs.json does not exist.');
  });
});

function spawnPatch(folder: string, diff: string): string | undefined {
  const result = spawnSync('patch', ['-s', '-p1', '-d', folder], { input: diff, encoding: 'utf8' });
  if (result.error) return undefined;
  expect(result.status, result.stderr + result.stdout).toBe(0);
  // patch leaves empty folders of deleted files; the command removes them.
  for (const file of ['api']) spawnSync('rmdir', [path.join(folder, file)]);
  return result.stdout;
}
