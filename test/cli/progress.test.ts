import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/command.js';
import { createProgress } from '../../src/cli/progress.js';

function io(isTTY: boolean, env: NodeJS.ProcessEnv = {}): { io: CliIo; written: () => string } {
  const stderr = Object.assign(new PassThrough(), { isTTY, columns: 40 });
  let text = '';
  stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { io: { stdout: new PassThrough(), stderr, cwd: '/', env }, written: () => text };
}

describe('createProgress', () => {
  it('draws one line in place on a terminal, clipped to its width, and clears it when done', () => {
    const { io: terminal, written } = io(true);
    const progress = createProgress(terminal);
    progress.update('Reading pages of a site with a very long name indeed', 1204, 20000);
    progress.update('Reading pages of a site with a very long name indeed', 1205, 20000); // within 100 ms: not drawn
    progress.update('Expanding', 1, 2); // a new stage: drawn at once
    progress.done();
    expect(written()).toBe('\r\u001b[2KReading pages of a site with a very lon\r\u001b[2KExpanding 1/2\r\u001b[2K');
  });

  it('prints nothing when stderr is piped, in CI, or when disabled for --format json', () => {
    for (const [isTTY, env, enabled] of [
      [false, {}, true],
      [true, { CI: 'true' }, true],
      [true, {}, false],
    ] as const) {
      const { io: target, written } = io(isTTY, env);
      const progress = createProgress(target, { enabled });
      progress.update('Reading pages', 1, 2);
      progress.done();
      expect(written()).toBe('');
    }
  });
});
