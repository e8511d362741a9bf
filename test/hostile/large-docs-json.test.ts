import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const temp = mkdtempSync(path.join(tmpdir(), 'quire-large-docs-json-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/**
 * A 50 MB docs.json: 227,300 page entries (long paths, in groups of 100) without files. Their
 * 227,300 `navigation/missing-page` errors were spread into one `push` call, which threw
 * `RangeError: Maximum call stack size exceeded` out of `quire validate`.
 */
function writeLargeDocsJson(folder: string): number {
  const long = 'x'.repeat(200);
  const groups: string[] = [];
  let size = 0;
  for (let group = 0; size < 50 * 1024 * 1024; group++) {
    const pages = Array.from({ length: 100 }, (_, page) => `guides/${long}/section-${group}/page-${page}`);
    const text = JSON.stringify({ group: `Group ${group}`, pages });
    groups.push(text);
    size += text.length + 1;
  }
  const file = path.join(folder, 'docs.json');
  writeFileSync(
    file,
    `{"$schema":"https://mintlify.com/docs.json","theme":"mint","name":"Large","colors":{"primary":"#0D9373"},"navigation":{"groups":[${groups.join(',')}]}}`,
  );
  return statSync(file).size;
}

describe('a 50 MB docs.json', () => {
  it('is checked by quire validate, with diagnostics and no stack trace', () => {
    expect(writeLargeDocsJson(temp)).toBeGreaterThan(50 * 1024 * 1024);
    const result = spawnSync(process.execPath, [path.join(root, 'dist/cli/index.js'), 'validate', temp, '--max-diagnostics', '1', '--no-cache'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('By code: 227,300 navigation/missing-page.');
    expect(result.stdout).toMatch(/227,300 errors, 0 warnings in 227,300 pages/);
  }, 300_000);
});
