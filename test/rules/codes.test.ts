import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES } from '../../src/diagnostics/codes.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

const sources = sourceFiles(path.join(root, 'src'))
  .filter((file) => !file.endsWith(path.join('diagnostics', 'codes.ts')))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const AREAS = [...new Set(DIAGNOSTIC_CODES.map((code) => code.slice(0, code.indexOf('/'))))].join('|');

describe('DIAGNOSTIC_CODES', () => {
  it('holds every code the source reports', () => {
    const reported = new Set([...sources.matchAll(new RegExp(`'((?:${AREAS})/[a-z0-9-]+)'`, 'g'))].map((match) => match[1] as string));
    expect(reported.size).toBeGreaterThan(100);
    const missing = [...reported].filter((code) => !(DIAGNOSTIC_CODES as readonly string[]).includes(code));
    expect(missing).toEqual([]);
  });

  it('holds only codes the source reports, each written as a literal', () => {
    expect(DIAGNOSTIC_CODES.filter((code) => !sources.includes(`'${code}'`))).toEqual([]);
  });

  // The type check refuses a mistyped code, but a template of literal types (`${area}/rule`)
  // passes it; such a code cannot be found by searching for it, so none is built from parts.
  it('are never built from parts', () => {
    const rules = new Set(DIAGNOSTIC_CODES.map((code) => code.slice(code.indexOf('/') + 1)));
    const built = [...sources.matchAll(/`[^`\n]*\$\{[^}]+\}\/([a-z0-9-]+)`|\+ '\/([a-z0-9-]+)'/g)].filter((match) =>
      rules.has((match[1] ?? match[2]) as string),
    );
    expect(built.map((match) => match[0])).toEqual([]);
  });

  it('is sorted, without duplicates', () => {
    expect([...DIAGNOSTIC_CODES]).toEqual([...new Set(DIAGNOSTIC_CODES)].sort());
  });

  it('documents each rules/ code in docs/diagnostics.md', () => {
    const documented = readFileSync(path.join(root, 'docs/diagnostics.md'), 'utf8');
    for (const code of DIAGNOSTIC_CODES.filter((code) => code.startsWith('rules/'))) expect(documented, code).toContain(`\`${code}\``);
  });
});
