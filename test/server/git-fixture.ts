import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Runs git in `cwd` and returns its trimmed output. */
export function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 't@example.com' },
  }).trim();
}

/** A valid docs.json for the fixtures. */
export const VALID_DOCS_JSON = `${JSON.stringify(
  {
    $schema: 'https://quire.dev/docs.schema.json',
    name: 'Acme',
    theme: 'mint',
    colors: { primary: '#0D9373' },
    navigation: { groups: [{ group: 'Start', pages: ['index'] }] },
  },
  null,
  2,
)}\n`;

/**
 * A fresh repository on `main` with docs.json and a page, like a customer's docs repository;
 * it is bare, as a hosting server's repository would be.
 */
export function createDocsRepository(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'quire-repo-'));
  const seed = join(root, 'seed');
  const bare = join(root, 'docs.git');
  mkdirSync(seed);
  gitIn(seed, 'init', '-q', '-b', 'main');
  const all = { 'docs.json': VALID_DOCS_JSON, 'index.mdx': '# Welcome\n', ...files };
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(dirname(join(seed, path)), { recursive: true });
    writeFileSync(join(seed, path), content);
  }
  gitIn(seed, 'add', '-A');
  gitIn(seed, 'commit', '-q', '-m', 'Initial docs');
  gitIn(root, 'clone', '-q', '--bare', seed, bare);
  return bare;
}
