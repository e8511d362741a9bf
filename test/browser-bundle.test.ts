import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

// The core must run where there is no Node: bundle it for the browser (any Node built-in makes
// esbuild fail) and run the bundle in a bare V8 context with no process, require or Buffer. The
// context has no DOM either, as in a web worker: the bundle is made as a worker's bundler makes it
// (the `worker` condition; under `browser` the reference parser's entity decoder uses `document`).
describe('the core in a browser', () => {
  it('bundles for the browser and parses the example site without Node', async () => {
    const result = await build({
      entryPoints: [`${root}src/index.ts`],
      bundle: true,
      platform: 'browser',
      conditions: ['worker'],
      format: 'iife',
      globalName: 'Quire',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    // The snippet library's Node.js client writes `const http = require('https');` into the
    // samples it makes: text in a template, not a call the bundle makes.
    expect(code.replace(/const (?:http|qs) = require\('[^']*'\);/g, '')).not.toMatch(/\brequire\(|from\s*["']node:|process\.env/);

    const context = vm.createContext({});
    vm.runInContext(`${code}\nglobalThis.Quire = Quire;`, context);
    expect(vm.runInContext('typeof process + typeof require + typeof Buffer', context)).toBe('undefinedundefinedundefined');
    const text = readFileSync(`${root}fixtures/example-site/docs.json`, 'utf8');
    context.text = text;
    const outcome = vm.runInContext(
      '(() => { const r = Quire.parseDocsJson(text); return { ok: r.config !== undefined, count: r.diagnostics.length, frame: Quire.formatDiagnostics(Quire.parseDocsJson("{ bad").diagnostics, { "docs.json": "{ bad" }) }; })()',
      context,
    );
    expect(outcome.ok).toBe(true);
    expect(outcome.count).toBe(0);
    expect(outcome.frame).toContain('docs.json:1:3 error json/syntax');

    // OpenAPI, YAML included: loading and page building need no Node either.
    context.spec = readFileSync(`${root}fixtures/openapi/valid-security/openapi.yaml`, 'utf8');
    const pages = vm.runInContext(
      '(() => { const r = Quire.loadOpenApi(spec, { file: "openapi.yaml" }); return Quire.buildEndpointPages(r.document).pages.map((page) => page.url + " " + page.security.length + " " + page.codeSamples.length); })()',
      context,
    );
    // Eight generated request samples a page: the snippet library runs without Node too.
    expect(pages).toEqual([
      '/api-reference/document-security 2 8',
      '/api-reference/no-security 0 8',
      '/api-reference/optional-security 2 8',
      '/api-reference/oauth-with-scopes 3 8',
    ]);
  });

  it('reads pages without Node: the content entry bundles for the browser', async () => {
    // A bare V8 context has no `document`, which the parser's browser build uses to decode
    // entities; the `worker` build (a Web Worker has no DOM either) decodes them from a table.
    const result = await build({
      entryPoints: [`${root}src/content/index.ts`],
      bundle: true,
      platform: 'browser',
      conditions: ['worker'],
      format: 'iife',
      globalName: 'QuireContent',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).not.toMatch(/from\s*["']node:|process\.env/);
    const context = vm.createContext({});
    vm.runInContext(`${code}\nglobalThis.QuireContent = QuireContent;`, context);
    context.text = '---\ntitle: Setup\n---\n\n## Install {#install-it}\n\nSee [the API](/api#keys) and <Card title="A" href="/a" />.\n';
    const facts = vm.runInContext('QuireContent.readPage(text, { file: "setup.mdx" })', context) as {
      headings: { id: string }[];
      links: { url: string }[];
      diagnostics: unknown[];
    };
    expect(facts.headings.map((heading) => heading.id)).toEqual(['install-it']);
    expect(facts.links.map((link) => link.url)).toEqual(['/api#keys', '/a']);
    expect(facts.diagnostics).toEqual([]);
  });
});
