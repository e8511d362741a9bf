import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('migrate diagnostic codes', () => {
  it('are each documented in docs/diagnostics.md', () => {
    const source = readdirSync(`${root}src/migrate`)
      .map((file) => readFileSync(`${root}src/migrate/${file}`, 'utf8'))
      .join('\n');
    const codes = [...new Set(source.match(/'migrate\/[a-z-]+'/g) ?? [])].map((code) => code.slice(1, -1));
    expect(codes.length).toBeGreaterThan(15);
    const documented = readFileSync(`${root}docs/diagnostics.md`, 'utf8');
    for (const code of codes) expect(documented, code).toContain(`\`${code}\``);
  });
});
