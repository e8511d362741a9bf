import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MCP_PACKAGES } from '../../src/cli/commands/mcp.js';
import { RENDER_PACKAGES } from '../../src/cli/render-packages.js';
import { missingServerPackage, SERVER_PACKAGES } from '../../src/cli/server-packages.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = path.join(root, 'dist/cli/index.js');
const hook = path.join(root, 'test/helpers/hide-packages.mjs');
const scratch = mkdtempSync(path.join(tmpdir(), 'quire-server-packages-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The built files that loading `entry` reads, following the static imports and requires between them (not `import()`). */
function staticallyLoaded(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    const text = readFileSync(file, 'utf8');
    files.set(file, text);
    for (const match of text.matchAll(/(?:\bfrom\s*|\brequire\()["'](\.{1,2}\/[^"']+)["']/g)) visit(path.resolve(path.dirname(file), match[1] as string));
  };
  visit(path.join(root, entry));
  return files;
}

/** Runs the built CLI on a machine where `hidden` were never installed. */
function quireWithout(hidden: readonly string[], args: string[]) {
  return spawnSync(process.execPath, ['--import', hook, cli, ...args], {
    cwd: scratch,
    encoding: 'utf8',
    // `quire serve` would listen until stopped if the hook failed to hide anything.
    timeout: 20_000,
    env: { ...process.env, QUIRE_HIDE_PACKAGES: hidden.join(','), DATABASE_URL: '', QUIRE_DATA_DIR: '' },
  });
}

describe("the server's packages", () => {
  it('are optional peer dependencies of the package, and devDependencies for its tests', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual([...SERVER_PACKAGES, ...RENDER_PACKAGES, ...MCP_PACKAGES].sort());
    for (const name of [...SERVER_PACKAGES, ...RENDER_PACKAGES, ...MCP_PACKAGES]) {
      expect(manifest.peerDependenciesMeta[name]?.optional, name).toBe(true);
      expect(manifest.devDependencies[name], name).toBe(manifest.peerDependencies[name]);
      expect(manifest.dependencies[name], name).toBeUndefined();
    }
  });

  it('are not imported statically by the CLI, the core or quire-docs/node', () => {
    // Nor React, which only quire-docs/render and the commands that render load.
    const names = [...SERVER_PACKAGES, ...RENDER_PACKAGES, ...MCP_PACKAGES].map((name) => name.replace('/', '\\/')).join('|');
    const serverImport = new RegExp(`(?:\\bfrom\\s*|\\brequire\\()["'](?:${names})(?:\\/[^"']*)?["']`);
    for (const entry of ['dist/cli/index.js', 'dist/index.js', 'dist/index.cjs', 'dist/node/index.js', 'dist/node/index.cjs']) {
      const files = staticallyLoaded(entry);
      expect(files.size, entry).toBeGreaterThan(0);
      for (const [file, text] of files) expect(serverImport.test(text), `${entry} loads ${path.relative(root, file)}`).toBe(false);
    }
    // The server entry does import them: the pattern finds what it looks for.
    expect([...staticallyLoaded('dist/server/index.js').values()].some((text) => serverImport.test(text))).toBe(true);
  });

  it('are not needed by the commands that do not run the server', () => {
    const version = quireWithout(SERVER_PACKAGES, ['--version']);
    expect(version.stderr).toBe('');
    expect(version.stdout).toBe('0.1.0\n');
    expect(version.status).toBe(0);
    const help = quireWithout(SERVER_PACKAGES, ['serve', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: quire serve/);
  });

  it('are named in one line, with exit code 2, when quire serve cannot load them', () => {
    const result = quireWithout(['@anthropic-ai/sdk'], ['serve', '--port', '0', '--data-dir', path.join(scratch, 'serve-data')]);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'quire serve: this command runs quire-docs/server, which needs packages that are not installed (@anthropic-ai/sdk is missing): npm install @anthropic-ai/sdk @electric-sql/pglite pg pg-boss\n',
    );
    expect(result.status).toBe(2);
  });

  it('are named the same way by quire keys and quire conversations', () => {
    const keys = quireWithout(['@electric-sql/pglite'], ['keys', 'list', '--project', 'docs', '--data-dir', path.join(scratch, 'keys-data')]);
    expect(keys.stderr).toBe(
      'quire keys: this command runs quire-docs/server, which needs packages that are not installed (@electric-sql/pglite is missing): npm install @anthropic-ai/sdk @electric-sql/pglite pg pg-boss\n',
    );
    expect(keys.status).toBe(2);
    const conversations = quireWithout(['pg'], ['conversations', 'import', '--project', 'docs', '--data-dir', path.join(scratch, 'conversations-data'), '-']);
    expect(conversations.stderr).toMatch(/^quire conversations: .*\(pg is missing\): npm install @anthropic-ai\/sdk @electric-sql\/pglite pg pg-boss\n$/);
    expect(conversations.status).toBe(2);
  });

  it('are told apart from other missing modules, which keep their own error', () => {
    const missing = (specifier: string, code = 'ERR_MODULE_NOT_FOUND') =>
      Object.assign(new Error(`Cannot find package '${specifier}' imported from /x/dist/cli/index.js`), { code });
    expect(missingServerPackage(missing('pg'))).toBe('pg');
    expect(missingServerPackage(missing('@anthropic-ai/sdk/resources'))).toBe('@anthropic-ai/sdk');
    expect(missingServerPackage(missing('pg-boss', 'MODULE_NOT_FOUND'))).toBe('pg-boss');
    expect(missingServerPackage(missing('unified'))).toBeUndefined();
    expect(missingServerPackage(missing('pg', 'ENOENT'))).toBeUndefined();
    expect(missingServerPackage('pg')).toBeUndefined();
  });
});
