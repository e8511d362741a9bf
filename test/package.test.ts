import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { docsConfigShape } from '../src/config/schemas/docs-config.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The JavaScript files of dist, relative to it. */
function distFiles(): string[] {
  return (readdirSync(`${root}dist`, { recursive: true }) as string[]).filter((file) => /\.c?js$/.test(file));
}

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
    // Nor satteri, the native parser, which only the Node adapter loads.
    expect(text).not.toMatch(/from ["']satteri["']|require\(["']satteri["']\)/);
    // zod/mini's tree-shaken parts, not the whole library (all of zod is ~3x this size). The
    // typed frontmatter fields and build format 4 took it from 690 to 707 KB; bundling the request
    // sample library (loaded from node_modules before, 100 KB) to 836 KB; the platform's URLs,
    // x-mint and site.json version 5 to 880 KB; compileSite, which reads pages in the core with
    // the reference MDX parser (remark, micromark), to 1.80 MB.
    expect(text.length).toBeLessThan(1_900_000);
  });

  it('imports at run time only its dependencies, its optional peers and Node built-ins', () => {
    // Every other package is bundled (tsup.config.ts): an import of one from dist would fail for
    // a user, who does not install devDependencies.
    const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
    };
    const allowed = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)]);
    const imported = new Set<string>();
    for (const file of distFiles()) {
      const text = readFileSync(`${root}dist/${file}`, 'utf8');
      // esbuild writes the bundle's own imports at the start of a line (ESM) or as `require(...)`
      // (CommonJS), with single quotes; the request samples' `import axios from "axios"` are text.
      for (const match of text.matchAll(/^import (?:[^;]*? from )?'([^']+)';|\bimport\('([^']+)'\)|\brequire\('([^']+)'\)/gm)) {
        const specifier = match[1] ?? match[2] ?? match[3] ?? '';
        if (!specifier.startsWith('.') && !specifier.includes('${')) imported.add(specifier);
      }
    }
    const packageName = (specifier: string): string =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
    const outside = [...imported].filter((specifier) => !isBuiltin(specifier) && !allowed.has(packageName(specifier)));
    expect(outside).toEqual([]);
    // The check sees the imports it is meant to see.
    expect(imported).toContain('zod/mini');
    expect(imported).toContain('pg');
  });

  it('names every package it bundled, with the version bundled and its licence text', () => {
    // esbuild opens each module it copies into a bundle with `// node_modules/<package>/<file>`.
    const folders = new Set<string>();
    for (const file of distFiles()) {
      for (const match of readFileSync(`${root}dist/${file}`, 'utf8').matchAll(/^\/\/ ((?:node_modules\/(?:@[^/\n]+\/)?[^/\n]+\/)+)/gm))
        folders.add((match[1] as string).slice(0, -1));
    }
    expect(folders.size).toBeGreaterThan(50);
    const notices = readFileSync(`${root}dist/THIRD-PARTY-LICENSES.md`, 'utf8');
    const sections = new Map(
      notices
        .split(/^## /m)
        .slice(1)
        .map((section) => [section.slice(0, section.indexOf(' (')), section]),
    );
    for (const folder of folders) {
      const { name, version } = JSON.parse(readFileSync(`${root}${folder}/package.json`, 'utf8')) as { name: string; version: string };
      const section = sections.get(`${name}@${version}`);
      expect(section, `${name}@${version} is bundled but has no licence section`).toBeDefined();
      expect(section, name).toMatch(/copyright|permission/i);
    }
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
    const script =
      "const entries = await Promise.all(['quire-docs', 'quire-docs/node', 'quire-docs/server'].map((name) => import(name))); console.log([entries[0].parseDocsJson, entries[1].loadSite, entries[2].createApiHandler].map((entry) => typeof entry).join(' '));";
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
