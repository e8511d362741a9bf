import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, failingFs, quire, readTree } from '../helpers/cli.js';

// Nothing is written where the user did not ask: real folders, the built CLI.

const leftovers = (folder: string) =>
  readdirSync(folder, { recursive: folder.endsWith('out') })
    .map(String)
    .filter((name) => /\.quire-[0-9a-f]{8}\.(tmp|bak)/.test(name));

describe('quire build -o', () => {
  it('refuses the site folder, a folder that holds it, a link to it, the root and the home folder, in one line, writing nothing', () => {
    const site = copyFixture('example-site');
    const before = readTree(site);
    const home = mkdtempSync(path.join(tmpdir(), 'quire-home-'));
    const link = path.join(home, 'to-site');
    symlinkSync(site, link);
    const cases: Array<[string, string]> = [
      [site, `${site} is the site folder`],
      [link, `${link} is the site folder`],
      [path.dirname(site), `${path.dirname(site)} holds the site folder ${site}`],
      ['/', '/ is the root of a file system'],
      [home, `${home} is the home folder`],
    ];
    for (const [target, reason] of cases) {
      const { code, stdout, stderr } = quire(['build', site, '-o', target, '--no-cache'], { env: { HOME: home } });
      expect(stderr, target).toBe(`quire build: ${reason}; give -o a folder of the build's own (for example ${site}-build)\n`);
      expect(stdout).toBe('');
      expect(code).toBe(2);
    }
    expect(readTree(site)).toEqual(before);
    expect(readdirSync(home)).toEqual(['to-site']);
  });

  it('never replaces a file no earlier build wrote: the build stops, names it, and writes nothing', () => {
    const target = path.join(mkdtempSync(path.join(tmpdir(), 'quire-out-')), 'out');
    mkdirSync(path.join(target, 'schemas'), { recursive: true });
    writeFileSync(path.join(target, 'search.json'), 'my own search index\n');
    writeFileSync(path.join(target, 'schemas', 'openapi-yaml.json'), '{"mine": true}\n');
    const before = readTree(target);
    const { code, stderr } = quire(['build', 'fixtures/example-site', '-o', target]);
    expect(stderr).toBe(
      `quire build: ${target} holds search.json, schemas/openapi-yaml.json, which no earlier build wrote (its site.json does not list them); move them away or choose another output folder.\n`,
    );
    expect(code).toBe(1);
    expect(readTree(target)).toEqual(before);

    // Moved away, the build writes; the next build replaces what this one wrote.
    rmSync(path.join(target, 'search.json'));
    rmSync(path.join(target, 'schemas', 'openapi-yaml.json'));
    expect(quire(['build', 'fixtures/example-site', '-o', target]).code).toBe(0);
    expect(quire(['build', 'fixtures/example-site', '-o', target]).code).toBe(0);
  });

  it('removes what a build killed while writing left: temporary folders beside a new <out>, temporary files and backups in it', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'quire-out-'));
    const target = path.join(parent, 'out');
    // Killed at its first rename: <out> is still a temporary folder beside where it goes.
    const first = quire(['build', 'fixtures/example-site', '-o', target], failingFs('rename', 1, 'kill'));
    expect(first.code).toBe(null);
    expect(leftovers(parent)).toHaveLength(1);
    expect(quire(['build', 'fixtures/example-site', '-o', target]).code).toBe(0);
    expect(leftovers(parent)).toEqual([]);
    const clean = readTree(target);

    // Killed half way through replacing a previous build: temporary files and backups in <out>.
    const second = quire(['build', 'fixtures/example-site', '-o', target], failingFs('rename', 4, 'kill'));
    expect(second.code).toBe(null);
    expect(leftovers(target).length).toBeGreaterThan(4);
    const { code, stderr } = quire(['build', 'fixtures/example-site', '-o', target]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(leftovers(parent)).toEqual([]);
    expect(readTree(target)).toEqual(clean);
    expect(existsSync(path.join(target, 'site.json'))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(target, 'site.json'), 'utf8')).format).toBe('quire-site');
  });
});
