import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../helpers/cli.js';

// The corpus tests run another vitest on one corpus file, so that what a developer sees is tested.
function vitestOn(file: string, corpus: string): { code: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(repositoryRoot, 'node_modules/vitest/vitest.mjs'), 'run', file], {
    cwd: repositoryRoot,
    encoding: 'utf8',
    env: { ...process.env, QUIRE_CORPUS: corpus, NO_COLOR: '1', FORCE_COLOR: '' },
  });
  return { code: result.status, output: result.stdout + result.stderr };
}

describe('QUIRE_CORPUS', () => {
  it('says why the corpus tests are skipped when the folder has no sites', () => {
    const { code, output } = vitestOn('test/corpus/docs-json.test.ts', path.join(repositoryRoot, 'fixtures'));
    expect(code).toBe(0);
    expect(output).toContain(`[quire tests] corpus tests skipped: QUIRE_CORPUS=${path.join(repositoryRoot, 'fixtures')} has no sites/ folder`);
    expect(output).toMatch(/1 skipped/);
  });
});
