import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOpenApi, parseFrontmatter } from '../../src/index.js';
import { MAX_YAML_NESTING, yamlNestingBeyond } from '../../src/util/yaml-nesting.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const temp = mkdtempSync(path.join(tmpdir(), 'quire-yaml-nesting-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The deepest nesting the measure gives the text (it is monotonic in the limit). */
function measured(text: string): number {
  let low = 0;
  let high = 5000;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (yamlNestingBeyond(text, middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

describe('yamlNestingBeyond', () => {
  it('measures what real frontmatter and OpenAPI write as shallow', () => {
    expect(measured('title: "Quick start"\ndescription: Read this: then that\n')).toBeLessThanOrEqual(6);
    // A JSON example in a quoted string, and Markdown with colons in a block scalar, nest nothing.
    expect(measured(`example: "${'{\\"a\\": [1, {\\"b\\": 2}], '.repeat(200)}"\n`)).toBeLessThanOrEqual(4);
    expect(measured(`description: |\n${'  Note: a: b: c: - d [e {f\n      code: x\n'.repeat(200)}other: 1\n`)).toBeLessThanOrEqual(4);
    expect(measured(`paths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n`)).toBeLessThanOrEqual(14);
  });

  it('finds nesting on one line, by indentation and by brackets', () => {
    const over = MAX_YAML_NESTING + 1;
    expect(yamlNestingBeyond('a: '.repeat(over))).toEqual({ offset: 0, line: 1 });
    expect(yamlNestingBeyond('- '.repeat(over))).toEqual({ offset: 0, line: 1 });
    expect(yamlNestingBeyond(`a: ${'['.repeat(over)}`)).toEqual({ offset: 0, line: 1 });
    expect(yamlNestingBeyond(Array.from({ length: over }, (_, level) => `${' '.repeat(level)}a:`).join('\n'))?.line).toBeLessThan(over);
    // Brackets left open on one line stay open on the next ones.
    expect(yamlNestingBeyond(`a:\n${'  [\n'.repeat(over)}`)).toBeDefined();
  });

  it('is not fooled by a quote inside a plain value or a line after a block scalar', () => {
    // `x'b` is a plain scalar, not the start of a quoted one: the keys after it nest.
    expect(yamlNestingBeyond(`a: x'${'b: '.repeat(MAX_YAML_NESTING)}`)).toBeDefined();
    // A line less indented than the block scalar's content ends it, and is YAML again.
    expect(yamlNestingBeyond(`- a: |\n      text\n  ${'b: '.repeat(MAX_YAML_NESTING)}`)).toBeDefined();
  });
});

describe('YAML nested past the limit', () => {
  // One line of 14,000 `key: "value"` pairs made the YAML parser run out of stack inside a
  // regular expression compilation, which V8 does not survive (exit 134).
  const pairs = '--- title: "A" description: "x y z" '.repeat(14_200);

  it('is one warning in frontmatter, at its line, and no fields', () => {
    const result = parseFrontmatter(`---\ntitle: ok\n${'a: '.repeat(MAX_YAML_NESTING + 1)}\n---\n`, 'page.mdx');
    expect(result.data).toBeUndefined();
    expect(result.diagnostics).toMatchObject([{ code: 'frontmatter/too-deep', severity: 'warning', file: 'page.mdx', line: 3, column: 1 }]);
    expect(parseFrontmatter(`---\n${pairs}\n---\n`, 'page.mdx').diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['frontmatter/too-deep']);
  });

  it('is one error in an OpenAPI YAML document', () => {
    const text = `openapi: 3.1.0\ninfo:\n  title: x\n  version: '1'\npaths: {}\nx-deep: ${'- '.repeat(MAX_YAML_NESTING + 1)}1\n`;
    const result = loadOpenApi(text, { file: 'openapi.yaml' });
    expect(result.diagnostics).toMatchObject([{ code: 'openapi/too-deep', severity: 'error', file: 'openapi.yaml', line: 6 }]);
  });

  it('does not abort quire validate on two pages of one 512 KB frontmatter line', () => {
    const site = path.join(temp, 'pairs');
    const page = `---\n${pairs}\n---\n\n# Page\n`;
    rmSync(site, { recursive: true, force: true });
    mkdirSync(site, { recursive: true });
    writeFileSync(
      path.join(site, 'docs.json'),
      JSON.stringify({
        $schema: 'https://mintlify.com/docs.json',
        theme: 'mint',
        name: 'x',
        colors: { primary: '#000000' },
        navigation: { pages: ['a', 'b'] },
      }),
    );
    writeFileSync(path.join(site, 'a.mdx'), page);
    writeFileSync(path.join(site, 'b.mdx'), page);
    const result = spawnSync(process.execPath, [path.join(root, 'dist/cli/index.js'), 'validate', site, '--no-cache'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('By code: 2 frontmatter/too-deep.');
  }, 60_000);
});
