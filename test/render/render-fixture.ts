import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSite } from '../../src/build/build-site.js';
import { loadSite } from '../../src/node/index.js';
import { renderStaticSite, type StaticSiteInput, type StaticSiteResult } from '../../src/render/index.js';

/** A fixture site (`fixtures/render/<name>`) built as `quire build --html` builds it, in this process; `options` added to the renderer's input. */
export async function renderFixture(name: string, options: Partial<StaticSiteInput> = {}): Promise<StaticSiteResult & { html(file: string): string }> {
  const root = path.resolve('fixtures/render', name);
  const site = await loadSite(root);
  if (!site.config || !site.tree) throw new Error(`fixtures/render/${name} does not load: ${site.diagnostics.map((d) => d.message).join('; ')}`);
  const compiled = buildSite({
    config: site.config,
    tree: site.tree,
    endpointPages: site.endpointPages,
    files: site.files,
    frontmatter: site.frontmatter,
    siteFiles: site.siteFiles,
    content: site.content,
  });
  const result = await renderStaticSite({
    site: compiled.site,
    endpointPages: site.endpointPages,
    content: site.content,
    readPage: (file) => readFile(path.join(root, file), 'utf8').catch(() => undefined),
    readStaticFile: (file) => readFile(path.join(root, file)).catch(() => undefined),
    ...(compiled.search ? { search: compiled.search } : {}),
    docsConfig: site.config,
    ...options,
  });
  const byPath = new Map(result.files.map((file) => [file.path, file.content]));
  return {
    ...result,
    html(file) {
      const content = byPath.get(file);
      if (typeof content !== 'string') throw new Error(`no page ${file}; the build wrote ${[...byPath.keys()].join(', ')}`);
      return content;
    },
  };
}
