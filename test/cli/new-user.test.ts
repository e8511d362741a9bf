import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { quire } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';

// What a new user meets in the first hour (issue 18), each through the built CLI.

describe('quire validate in the wrong folder', () => {
  it('stops with one message naming the nearest docs.json below, and reads nothing else', () => {
    const { code, stdout, stderr } = quire(['validate'], { cwd: fixturePath('cli', 'wrong-folder') });
    expect(code).toBe(1);
    // notes/draft.mdx has broken frontmatter and .cache/docs.json is a tool's: neither is mentioned.
    expect(stdout).toBe('docs.json error config/not-found docs.json does not exist; did you mean site/docs/?\n  hint: Pass the folder that holds docs.json: site/docs/.\n\n');
    expect(stderr).toBe('');
  });

  it('says only that docs.json is missing when no folder below has one', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'quire-empty-'));
    const { code, stdout } = quire(['validate', empty]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/docs\.json error config\/not-found \S+docs\.json does not exist\.\n  hint: Run the command in the folder that holds docs\.json, or pass that folder\.\n\n$/);
  });

  it('builds nothing there either, with the same message', () => {
    const { code, stdout } = quire(['build', '.', '--out', path.join(mkdtempSync(path.join(tmpdir(), 'quire-out-')), 'site')], { cwd: fixturePath('cli', 'wrong-folder') });
    expect(code).toBe(1);
    expect(stdout).toContain('did you mean site/docs/?');
    expect(stdout).not.toContain('draft.mdx');
  });
});

describe('unknown or incomplete flags', () => {
  const cases: Array<{ args: string[]; says: string }> = [
    { args: ['validate', '--strcit'], says: 'quire validate: unknown option --strcit; did you mean --strict?\nUsage: quire validate [dir] [options] (quire validate --help for all options)\n' },
    { args: ['validate', '--format'], says: 'quire validate: option --format needs a value\nUsage: quire validate [dir] [options] (quire validate --help for all options)\n' },
    { args: ['validate', '--strict=yes'], says: 'quire validate: option --strict takes no value\nUsage: quire validate [dir] [options] (quire validate --help for all options)\n' },
    { args: ['build', '-x'], says: 'quire build: unknown option -x\nUsage: quire build [dir] -o <out> [options] (quire build --help for all options)\n' },
    { args: ['valdate'], says: 'quire: unknown command valdate; did you mean validate?\nUsage: quire <command> [options] (quire --help lists the commands)\n' },
  ];
  for (const { args, says } of cases) {
    it(`quire ${args.join(' ')}: one message, one usage line, exit 2`, () => {
      const { code, stdout, stderr } = quire(args);
      expect(code).toBe(2);
      expect(stderr).toBe(says);
      expect(stdout).toBe('');
    });
  }
});
