import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectedText, fixturePath } from '../helpers/fixtures.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = path.join(root, 'dist/cli/index.js');

function quire(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...options.env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('quire validate (built CLI)', () => {
  it('validates the example site and says what it found', () => {
    const { code, stdout } = quire(['validate', 'fixtures/example-site']);
    expect(code).toBe(0);
    expect(stdout).toBe('Found 2 tabs, 6 groups, 7 page entries, 4 endpoint entries, 1 OpenAPI reference.\n0 errors, 0 warnings in 7 pages\n');
  });

  it('prints positioned diagnostics with a code frame and exits 1 on errors', () => {
    const { code, stdout } = quire(['validate', 'fixtures/docs-json/navigation-not-object']);
    expect(code).toBe(1);
    expect(stdout).toContain(
      'fixtures/docs-json/navigation-not-object/docs.json:7:17 error navigation/invalid-type `navigation` must be an object, not a list.',
    );
    expect(stdout).toContain('> 7 |   "navigation": [');
    // Without its navigation root, docs.json has nothing left to check the rest of the site with.
    expect(stdout).toMatch(
      /\nThe navigation, OpenAPI references and redirects were not checked: the errors above leave no configuration of docs\.json to check them with\.\n1 error, 0 warnings\n$/,
    );
  });

  it('works from another folder with an absolute path, and on the docs.json file itself', () => {
    const { code, stdout } = quire(['validate', path.join(root, 'fixtures/docs-json/ref-errors-located/docs.json')], { cwd: tmpdir() });
    expect(code).toBe(1);
    expect(stdout).toMatch(/fixtures\/docs-json\/ref-errors-located\/fr\.json:6:7 error navigation\/unknown-key/);
  });

  it('prints JSON for CI with --format json', () => {
    const { code, stdout } = quire(['validate', 'fixtures/docs-json/unknown-top-level-keys', '--format', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ valid: true, errors: 0, warnings: 4 });
    expect(report.diagnostics[0]).toMatchObject({ code: 'config/unknown-key', line: 12, column: 3, suggestions: ['name'] });
  });

  it('treats --strict unknown keys as errors', () => {
    expect(quire(['validate', 'fixtures/docs-json/unknown-top-level-keys', '--strict']).code).toBe(1);
  });

  it('colours output only when forced or on a terminal', () => {
    expect(quire(['validate', 'fixtures/docs-json/json-comment']).stdout).not.toContain('\u001b[');
    expect(quire(['validate', 'fixtures/docs-json/json-comment'], { env: { FORCE_COLOR: '1' } }).stdout).toContain('\u001b[31m');
    expect(quire(['validate', 'fixtures/docs-json/json-comment'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }).stdout).not.toContain('\u001b[');
  });

  it('reports a folder without docs.json', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'quire-empty-'));
    const { code, stdout } = quire(['validate', empty]);
    expect(code).toBe(1);
    expect(stdout).toContain('error config/not-found');
    expect(stdout).not.toContain('The navigation, OpenAPI references and redirects were not checked');
  });

  it('exits 2 on usage errors and 0 on --help', () => {
    expect(quire(['validate', '--format', 'xml']).code).toBe(2);
    expect(quire(['validate', 'a', 'b']).code).toBe(2);
    expect(quire(['validate', '--bogus']).code).toBe(2);
    expect(quire(['nope']).code).toBe(2);
    const help = quire(['validate', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: quire validate [dir]');
    expect(quire(['--help']).stdout).toContain('validate');
  });

  it('follows $refs on disk but not out of the site folder', () => {
    const site = mkdtempSync(path.join(tmpdir(), 'quire-site-'));
    mkdirSync(path.join(site, 'nav'));
    writeFileSync(
      path.join(site, 'docs.json'),
      JSON.stringify({
        theme: 'mint',
        name: 'A',
        colors: { primary: '#000000' },
        navigation: { tabs: [{ $ref: './nav/tab.json' }, { $ref: '../secret.json' }] },
      }),
    );
    writeFileSync(path.join(site, 'nav/tab.json'), JSON.stringify({ tab: 'Docs', pages: ['index'] }));
    writeFileSync(path.join(site, 'index.mdx'), '# Home\n');
    writeFileSync(path.join(path.dirname(site), 'secret.json'), JSON.stringify({ tab: 'Secret', pages: ['x'] }));
    const { code, stdout } = quire(['validate', '.'], { cwd: site });
    expect(code).toBe(1);
    expect(stdout).toContain('docs.json:1:');
    expect(stdout).toContain('config/ref-outside-root');
    expect(stdout).not.toMatch(/^nav\/tab\.json:/m);
  });

  it('reports every problem in one run when docs.json has an error, and says what it checked without', () => {
    // fixtures/cli/validate-partial-site: a group with the typo `pagess` (so no `pages`), a missing
    // page in another group, a page's `openapi:` frontmatter not in the document, a page whose
    // frontmatter is not YAML. The group with errors is left out, without cascades: its pages are
    // not "listed twice", and the redirect to one of them still finds the page.
    const { code, stdout, stderr } = quire(['validate', 'fixtures/cli/validate-partial-site']);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(stdout).toBe(expectedText(fixturePath('cli', 'validate-partial-site.expected.txt'), stdout));
    expect(stdout).toMatch(
      /\nChecked the site without 1 key of docs\.json, which has errors\.\nBy code: [^\n]+\.\n4 errors, 0 warnings in 5 pages \(1 without a file\)\n$/,
    );
    const report = JSON.parse(quire(['validate', 'fixtures/cli/validate-partial-site', '--format', 'json']).stdout);
    expect(report).toMatchObject({ valid: false, errors: 4, warnings: 0, pages: 5, navigation: { tabs: 2, groups: 4 } });
    expect(report.omitted).toEqual([
      { kind: 'key', file: 'fixtures/cli/validate-partial-site/docs.json', pointer: '/navigation/tabs/0/groups/1/pagess', line: 11, column: 34 },
    ]);
    expect(
      report.diagnostics.map(
        (diagnostic: { code: string; file: string; line?: number }) =>
          `${diagnostic.file.replace(/^.*validate-partial-site\//, '')}:${diagnostic.line} ${diagnostic.code}`,
      ),
    ).toEqual([
      'docs.json:11 navigation/unknown-key',
      'docs.json:12 navigation/missing-page',
      'guides/tuning.mdx:2 frontmatter/invalid-yaml',
      'api/get-user.mdx:3 openapi/frontmatter-not-found',
    ]);
  });

  it('says nothing was left out when docs.json is valid, in --format json', () => {
    expect(JSON.parse(quire(['validate', 'fixtures/example-site', '--format', 'json']).stdout).omitted).toBeNull();
  });

  it('checks everything a site can get wrong, in document order per file, with a summary line', () => {
    // fixtures/cli/validate-broken-site: a missing group root and page (did you mean), an endpoint
    // reference and an `openapi:` frontmatter not in the document, a broken $ref in the document,
    // a redirect to nothing and a redirect loop.
    const { code, stdout, stderr } = quire(['validate', 'fixtures/cli/validate-broken-site']);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(stdout).toBe(expectedText(fixturePath('cli', 'validate-broken-site.expected.txt'), stdout));
    expect(stdout).toMatch(/\n7 errors, 1 warning in 5 pages \(1 without a file\)\n$/);
    const report = JSON.parse(quire(['validate', 'fixtures/cli/validate-broken-site', '--format', 'json']).stdout);
    expect(report).toMatchObject({ valid: false, errors: 7, warnings: 1, pages: 5 });
    expect(
      report.diagnostics.map(
        (diagnostic: { code: string; file: string; line?: number }) =>
          `${diagnostic.file.replace(/^.*validate-broken-site\//, '')}:${diagnostic.line} ${diagnostic.code}`,
      ),
    ).toEqual([
      'docs.json:12 navigation/invalid-root',
      'docs.json:13 navigation/missing-page',
      'docs.json:23 openapi/reference-not-found',
      'docs.json:31 navigation/redirect-to-nothing',
      'docs.json:32 navigation/redirect-loop',
      'docs.json:33 navigation/redirect-loop',
      'openapi.yaml:29 openapi/ref-not-found',
      'api/delete-user.mdx:2 openapi/frontmatter-not-found',
    ]);
  });
});
