import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { docsConfigShape } from '../src/config/schemas/docs-config.js';

const root = fileURLToPath(new URL('..', import.meta.url));

// What an npm user gets: the built CommonJS entry and the JSON Schema for editors.
describe('the built package', () => {
  it('loads through require() as well as import', () => {
    const require = createRequire(`${root}package.json`);
    const quire = require(`${root}dist/index.cjs`) as typeof import('../src/index.js');
    const result = quire.parseDocsJson('{ "theme": "mint" }');
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['config/missing-field', 'config/missing-field', 'config/missing-field']);
  });

  it('keeps the core entry free of what only the server needs', () => {
    // Every file `import('quire-docs')` loads, following the static imports between built chunks.
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const match of readFileSync(`${root}dist/${file}`, 'utf8').matchAll(/from\s*["']\.\/([\w.-]+\.js)["']/g)) visit(match[1] as string);
    };
    visit('index.js');
    const text = [...seen].map((file) => readFileSync(`${root}dist/${file}`, 'utf8')).join('\n');
    expect(text).not.toMatch(/createApiHandler|@electric-sql\/pglite|from ["']pg["']|@anthropic-ai\/sdk/);
    // Nor the MDX parser, which only `quire-docs/content` loads.
    expect(text).not.toMatch(/micromark|mdxJsxFlowElement|from ["']unified["']/);
    // zod/mini's tree-shaken parts, not the whole library (all of zod is ~3x this size). The
    // typed frontmatter fields and build format 4 took it from 690 to 707 KB.
    expect(text.length).toBeLessThan(750_000);
  });

  it('ships a JSON Schema of docs.json with every top-level setting and the navigation elements', () => {
    const schema = JSON.parse(readFileSync(`${root}dist/docs.schema.json`, 'utf8')) as {
      properties: Record<string, unknown>;
      required: string[];
      $defs: Record<string, { properties?: Record<string, unknown>; required?: string[]; additionalProperties?: unknown }>;
    };
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(docsConfigShape).sort());
    expect(schema.required.sort()).toEqual(['colors', 'name', 'navigation', 'theme']);
    expect(schema.$defs.Tab?.required).toEqual(['tab']);
    expect(schema.$defs.Tab?.additionalProperties).toBe(false);
    expect(Object.keys(schema.$defs.Tab?.properties ?? {})).toEqual(expect.arrayContaining(['tab', 'groups', 'pages', 'menu', 'openapi', 'global']));
    expect(schema.$defs.Group?.required).toEqual(['group']);
  });
});

describe('the package name', () => {
  // `quire` on npm is someone else's package: ours is published as quire-docs, its command is quire.
  it('is quire-docs, with the entries quire-docs, quire-docs/node and quire-docs/server and the command quire', () => {
    const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { name: string; bin: Record<string, string> };
    expect(manifest.name).toBe('quire-docs');
    expect(Object.keys(manifest.bin)).toEqual(['quire']);
    // Node resolves a package's own name inside it, through its exports map, as a user's import would.
    const script = "const entries = await Promise.all(['quire-docs', 'quire-docs/node', 'quire-docs/server'].map((name) => import(name))); console.log([entries[0].parseDocsJson, entries[1].loadSite, entries[2].createApiHandler].map((entry) => typeof entry).join(' '));";
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('function function function\n');
  });

  it('names its schemas by the package name in the docs', () => {
    for (const file of ['README.md', 'docs/cli.md']) {
      const text = readFileSync(`${root}${file}`, 'utf8');
      expect(text, file).not.toMatch(/node_modules\/quire\//);
      expect(text, file).toMatch(/node_modules\/quire-docs\/dist\/(?:docs|quire\.config)\.schema\.json/);
    }
  });
});
