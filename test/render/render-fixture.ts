import path from 'node:path';
import { buildForRender, renderInputOf } from '../../src/cli/render-input.js';
import { loadSiteCodeTools } from '../../src/cli/site-code-tools.js';
import { loadSite } from '../../src/node/index.js';
import { renderStaticSite, type StaticSiteInput, type StaticSiteResult } from '../../src/render/index.js';

/**
 * A fixture site (`fixtures/render/<name>`) built as `quire build --html` builds it, in this
 * process (the same compile and renderer input, the site's own code run when `siteCode` is true);
 * `options` added to the renderer's input.
 */
export async function renderFixture(
  name: string,
  options: Partial<StaticSiteInput> = {},
  { siteCode = false }: { siteCode?: boolean } = {},
): Promise<StaticSiteResult & { html(file: string): string }> {
  const root = path.resolve('fixtures/render', name);
  const site = await loadSite(root);
  if (!site.config || !site.tree) throw new Error(`fixtures/render/${name} does not load: ${site.diagnostics.map((d) => d.message).join('; ')}`);
  const tools = siteCode ? await loadSiteCodeTools() : undefined;
  if (typeof tools === 'string') throw new Error(tools);
  const result = await renderStaticSite({
    ...renderInputOf(site, buildForRender(site, site.config), site.config),
    ...(tools ? { siteCode: tools(site.root, site.siteFiles, site.content) } : {}),
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
