import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './helpers/cli.js';

// The README's marked shell blocks, as scripts/readme-commands.mjs extracts them, run by bash in
// the repository as a reader would paste them (after `npm ci && npm run build`).
const blocks = JSON.parse(execFileSync(process.execPath, [path.join(repositoryRoot, 'scripts/readme-commands.mjs')], { encoding: 'utf8' })) as string[];
// The README's transcripts (`$ command` and what it prints), compared with what the command
// prints today: the block can show another example without a change here.
const transcripts = JSON.parse(
  execFileSync(process.execPath, [path.join(repositoryRoot, 'scripts/readme-commands.mjs'), '--transcripts'], { encoding: 'utf8' }),
) as Array<{ command: string; output: string }>;

describe("the README's commands", () => {
  it('are found', () => {
    expect(blocks).toHaveLength(2);
  });

  it('from a clone: npx quire', () => {
    const result = spawnSync('bash', ['-e', '-c', blocks[0] as string], { cwd: repositoryRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(result.stderr.replace(/^npm warn .*\n/gm, '')).toBe('');
    expect(result.stdout).toBe('0.1.0\nFound 2 tabs, 6 groups, 7 page entries, 4 endpoint entries, 1 OpenAPI reference.\n0 errors, 0 warnings in 7 pages\n');
    expect(result.status).toBe(0);
  });

  it('with their output are found: the example site, and "What a problem looks like"', () => {
    expect(transcripts.map((transcript) => transcript.command)).toEqual([
      'node dist/cli/index.js validate fixtures/example-site',
      expect.stringMatching(/^node dist\/cli\/index\.js validate /),
    ]);
  });

  for (const { command, output } of transcripts) {
    it(`print what the README shows: $ ${command}`, () => {
      // As a terminal shows it: standard output and error in the order they were written.
      const result = spawnSync('bash', ['-c', `{ ${command}\n} 2>&1`], { cwd: repositoryRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      expect(result.stdout).toBe(output);
    });
  }

  it('the HTTP API: a key, the server in the background, one request', () => {
    const result = spawnSync('bash', ['-e', '-c', blocks[1] as string], { cwd: repositoryRoot, encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(0);
    // The server's own lines (`quire serve: listening on ...`) come before curl's answer.
    // curl's answer ends without a newline: the server's closing line may follow on the same line.
    const answer = /\{"conversations":.*?"hasMore":(?:true|false)\}/.exec(result.stdout)?.[0];
    expect(result.stdout).toContain('quire serve: listening on http://127.0.0.1:4319');
    expect(JSON.parse(answer ?? 'null')).toMatchObject({ conversations: [], hasMore: false });
  }, 60_000);
});
