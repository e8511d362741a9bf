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
const AREAS = 'json|config|navigation|openapi|openapi-file|frontmatter|migrate|build|rules';

describe('DIAGNOSTIC_CODES', () => {
  it('holds every code the source reports', () => {
    const reported = new Set([...sources.matchAll(new RegExp(`'((?:${AREAS})/[a-z0-9-]+)'`, 'g'))].map((match) => match[1] as string));
    expect(reported.size).toBeGreaterThan(100);
    const missing = [...reported].filter((code) => !(DIAGNOSTIC_CODES as readonly string[]).includes(code));
    expect(missing).toEqual([]);
  });

  it('holds only codes the source reports (the schema checks build theirs from an area and a rule name)', () => {
    const stale = DIAGNOSTIC_CODES.filter((code) => {
      const rule = code.slice(code.indexOf('/') + 1);
      return !sources.includes(`'${code}'`) && !(/^(config|navigation)\//.test(code) && sources.includes(`'${rule}'`));
    });
    expect(stale).toEqual([]);
  });

  it('is sorted, without duplicates', () => {
    expect([...DIAGNOSTIC_CODES]).toEqual([...new Set(DIAGNOSTIC_CODES)].sort());
  });

  it('documents each rules/ code in docs/diagnostics.md', () => {
    const documented = readFileSync(path.join(root, 'docs/diagnostics.md'), 'utf8');
    for (const code of DIAGNOSTIC_CODES.filter((code) => code.startsWith('rules/'))) expect(documented, code).toContain(`\`${code}\``);
  });
});
