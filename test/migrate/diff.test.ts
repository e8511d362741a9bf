import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/migrate/diff.js';

/** Applies a unified diff with `patch`, the reference reader of the format. */
function patched(before: string, diff: string): string | undefined {
  const folder = mkdtempSync(path.join(tmpdir(), 'quire-diff-'));
  writeFileSync(path.join(folder, 'f.txt'), before);
  const result = spawnSync('patch', ['-s', '-p1', '-d', folder], { input: diff, encoding: 'utf8' });
  if (result.error) return undefined;
  return spawnSync('cat', [path.join(folder, 'f.txt')], { encoding: 'utf8' }).stdout;
}

describe('unifiedDiff', () => {
  it('shows changed lines with three lines of context', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\n';
    const after = 'a\nb\nc\nd\nE\nf\ng\nh\ni\n';
    expect(unifiedDiff('f.txt', before, after)).toBe('--- a/f.txt\n+++ b/f.txt\n@@ -2,7 +2,8 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n+i\n');
  });

  it('diffs deletions against /dev/null, and nothing when nothing changed', () => {
    expect(unifiedDiff('f.txt', 'x\ny\n', undefined)).toBe('--- a/f.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n');
    expect(unifiedDiff('f.txt', 'same', 'same')).toBe('');
  });

  it('gives what patch(1) applies back to the new text', () => {
    const check = spawnSync('patch', ['--version']);
    if (check.error) return;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 30 }),
        fc.array(fc.constantFrom('a', 'b', 'c', 'x', ''), { maxLength: 30 }),
        (left, right) => {
          const before = left.map((line) => `${line}\n`).join('');
          const after = right.map((line) => `${line}\n`).join('');
          const diff = unifiedDiff('f.txt', before, after);
          if (diff === '' || before === '') return true;
          expect(patched(before, diff)).toBe(after);
          return true;
        },
      ),
      { numRuns: 60 },
    );
  });
});
