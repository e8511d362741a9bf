import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { failingFs, quire, quireInProcess, readTree } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';

/** A fresh folder holding only the mint.json of fixtures/upgrade/<name>. */
function site(name: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), `quire-upgrade-${name}-`));
  copyFileSync(fixturePath('upgrade', name, 'mint.json'), path.join(folder, 'mint.json'));
  return folder;
}

const expectedDocsJson = (name: string) => readFileSync(fixturePath('upgrade', name, 'docs.json'), 'utf8');

describe('quire upgrade (built CLI)', () => {
  it('writes docs.json and keeps mint.json', async () => {
    const folder = site('tabs-by-prefix');
    const result = await quireInProcess(['upgrade'], { cwd: folder });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(readFileSync(path.join(folder, 'docs.json'), 'utf8')).toBe(expectedDocsJson('tabs-by-prefix'));
    expect(existsSync(path.join(folder, 'mint.json'))).toBe(true);
    expect(result.stdout).toContain('mint.json:10:5 warning upgrade/value-dropped Tab "Empty" has no page under its URL prefix "nothing-here"');
    expect(result.stdout).toContain('  mint.json:5:3 Pages under no tab\'s URL prefix go to a first tab, "Guides".');
    expect(result.stdout).toContain('Wrote docs.json; mint.json stays (delete it, or run with --remove). 1 warning above.');
  });

  it('deletes mint.json with --remove, naming files as the user named the folder', async () => {
    const folder = site('groups-only');
    const result = await quireInProcess(['upgrade', path.basename(folder), '--remove'], { cwd: path.dirname(folder) });
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain(`Wrote ${path.basename(folder)}/docs.json and deleted ${path.basename(folder)}/mint.json.`);
    expect(readTree(folder)).toEqual({ 'docs.json': expectedDocsJson('groups-only') });
  });

  it('refuses to overwrite docs.json without --force', async () => {
    const folder = site('anchors');
    writeFileSync(path.join(folder, 'docs.json'), '{}\n');
    const refused = await quireInProcess(['upgrade'], { cwd: folder });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('docs.json exists already: nothing was written. Use --force to overwrite it.');
    expect(readFileSync(path.join(folder, 'docs.json'), 'utf8')).toBe('{}\n');
    const forced = await quireInProcess(['upgrade', '--force'], { cwd: folder });
    expect(forced.code).toBe(0);
    expect(readFileSync(path.join(folder, 'docs.json'), 'utf8')).toBe(expectedDocsJson('anchors'));
  });

  it('prints docs.json and the decisions with --dry-run, and writes nothing', async () => {
    const folder = site('settings');
    const result = await quireInProcess(['upgrade', '--dry-run'], { cwd: folder });
    expect(result.code).toBe(0);
    expect(readTree(folder)).toEqual({ 'mint.json': readFileSync(fixturePath('upgrade', 'settings', 'mint.json'), 'utf8') });
    expect(result.stdout).toContain(`docs.json would be:\n${expectedDocsJson('settings')}`);
    expect(result.stdout).toContain('Decisions (1):\n  mint.json:4:3 Theme "venus" becomes "palm".');
    expect(result.stdout).toContain('mint.json:42:3 warning upgrade/unmapped-key `somethingElse` (42) is not carried over');
    expect(result.stdout).toMatch(/Dry run: nothing was written; run without --dry-run to write docs\.json\.\n$/);
  });

  it('reports in JSON with --format json', async () => {
    const folder = site('versions');
    const result = await quireInProcess(['upgrade', '--dry-run', '--format', 'json'], { cwd: folder });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as {
      dryRun: boolean;
      written: string[];
      docsJson: string;
      decisions: Array<{ file: string; line: number }>;
      diagnostics: unknown[];
    };
    expect(report.dryRun).toBe(true);
    expect(report.written).toEqual([]);
    expect(report.docsJson).toBe(expectedDocsJson('versions'));
    expect(report.decisions.map((decision) => `${decision.file}:${decision.line}`)).toEqual(['mint.json:1', 'mint.json:5']);
    const written = JSON.parse((await quireInProcess(['upgrade', '--format', 'json'], { cwd: folder })).stdout) as { written: string[] };
    expect(written.written).toEqual(['docs.json']);
  });

  it('writes nothing and exits 1 when mint.json has errors', async () => {
    for (const name of ['syntax-error', 'invalid-values']) {
      const folder = site(name);
      const result = await quireInProcess(['upgrade'], { cwd: folder });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('mint.json has errors: nothing was written.');
      expect(existsSync(path.join(folder, 'docs.json'))).toBe(false);
    }
    expect((await quireInProcess(['upgrade'], { cwd: site('syntax-error') })).stdout).toContain('mint.json:4:37 error json/syntax');
  });

  it('says so when there is no mint.json', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'quire-upgrade-empty-'));
    const result = await quireInProcess(['upgrade'], { cwd: folder });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('There is no mint.json here: nothing to upgrade.');
  });

  it('changes nothing when writing fails', () => {
    const folder = site('groups-only');
    const result = quire(['upgrade', '--remove'], { cwd: folder, ...failingFs('unlink', 1) });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toContain('nothing changed');
    expect(readTree(folder)).toEqual({ 'mint.json': readFileSync(fixturePath('upgrade', 'groups-only', 'mint.json'), 'utf8') });
  });

  it('has --help and refuses bad arguments with exit code 2', async () => {
    const help = await quireInProcess(['upgrade', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: quire upgrade [dir]');
    expect((await quireInProcess(['--help'])).stdout).toContain('upgrade');
    expect((await quireInProcess(['upgrade', '--format', 'xml'])).code).toBe(2);
    expect((await quireInProcess(['upgrade', 'a', 'b'])).code).toBe(2);
    expect((await quireInProcess(['upgrade', '--dry-run', '--remove'])).code).toBe(2);
    expect((await quireInProcess(['upgrade', '--bogus'])).code).toBe(2);
  });
});
