import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectedText, fixtureCases, fixturePath } from '../helpers/fixtures.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = path.join(root, 'dist/cli/index.js');

function quire(args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Each folder of fixtures/rules is a site with a quire.config.json, .quirerc.json or
// .mintignore; args.json holds extra command-line arguments. expected.txt is the exit code, then
// what `quire validate` prints.
describe('rule configuration (quire validate, built CLI)', () => {
  for (const name of fixtureCases('rules')) {
    it(name, () => {
      const folder = fixturePath('rules', name);
      const argsFile = path.join(folder, 'args.json');
      const args = existsSync(argsFile) ? (JSON.parse(readFileSync(argsFile, 'utf8')) as string[]) : [];
      const { code, stdout, stderr } = quire(['validate', `fixtures/rules/${name}`, ...args]);
      const actual = `exit ${code}\n${stderr ? `stderr: ${stderr}` : ''}${stdout}`;
      expect(actual).toBe(expectedText(path.join(folder, 'expected.txt'), actual));
    });
  }

  it('a rule turning an error off exits 0; the same site without the rule exits 1', () => {
    expect(quire(['validate', 'fixtures/rules/rule-off']).code).toBe(0);
    expect(quire(['validate', 'fixtures/rules/rule-off', '--rule', 'navigation/missing-page=error']).code).toBe(1);
  });

  it('counts diagnostics after the rules in --format json', () => {
    const report = JSON.parse(quire(['validate', 'fixtures/rules/code-patterns', '--format', 'json']).stdout) as {
      valid: boolean;
      errors: number;
      warnings: number;
      diagnostics: Array<{ code: string; severity: string }>;
    };
    expect(report).toMatchObject({ valid: true, errors: 0, warnings: 1 });
    expect(report.diagnostics.map((diagnostic) => `${diagnostic.severity} ${diagnostic.code}`)).toEqual(['warning navigation/missing-page']);
  });

  it('warns about an unknown --rule code with did-you-mean, and rejects a malformed one', () => {
    const unknown = quire(['validate', 'fixtures/rules/rule-off', '--rule', 'navigation/missing-pag=warning']);
    expect(unknown.code).toBe(0);
    expect(unknown.stderr).toContain(
      '"navigation/missing-pag" is not a diagnostic code, so this setting changes nothing. Did you mean "navigation/missing-page"?',
    );
    const malformed = quire(['validate', 'fixtures/rules/rule-off', '--rule', 'navigation/missing-page=warn']);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('the severity must be off, warning or error, not "warn"');
  });

  it('documents --rule in the help of validate and build', () => {
    for (const command of ['validate', 'build']) expect(quire([command, '--help']).stdout).toMatch(/ {2}--rule <code=sev> +Set a diagnostic code/);
  });

  it('applies the rules in quire build too, where they decide the exit code', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'quire-rules-build-'));
    try {
      expect(quire(['build', 'fixtures/rules/warning-to-error', '-o', out]).code).toBe(1);
      expect(quire(['build', 'fixtures/rules/warning-to-error', '-o', out, '--rule', 'navigation/redirect-to-nothing=warning']).code).toBe(0);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
