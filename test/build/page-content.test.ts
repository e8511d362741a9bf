import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSite, withPageContent, type BuildSiteInput } from '../../src/build/build-site.js';
import { openSite, type LoadedSite } from '../../src/node/index.js';

const fixture = fileURLToPath(new URL('../../fixtures/render/site', import.meta.url));

function inputOf(site: LoadedSite): BuildSiteInput {
  if (!site.config || !site.tree) throw new Error(JSON.stringify(site.diagnostics));
  const { config, tree, endpointPages, content, files, frontmatter, siteFiles } = site;
  return { config, tree, endpointPages, content, files, frontmatter, siteFiles, json: false };
}

describe('withPageContent (quire dev after a save)', () => {
  it('gives what buildSite gives after a page’s text, headings, links and images changed', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'quire-page-content-'));
    try {
      cpSync(fixture, folder, { recursive: true });
      const opened = await openSite(folder, { cwd: folder, offline: true });
      const before = buildSite(inputOf(opened.site));
      const file = path.join(folder, 'quickstart.mdx');
      const edits = [
        (text: string) => `${text}\n\n## A new heading\n\nSee [the overview](/guides/overview) and ![a greenhouse](/images/greenhouse.png).\n`,
        (text: string) => text.replace(/^## .*$/m, '## Renamed'),
        // Its links gone: the static files they led to are no longer used.
        (text: string) => text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'),
      ];
      let built = before;
      for (const edit of edits) {
        writeFileSync(file, edit(readFileSync(file, 'utf8')));
        const updated = await opened.update(['quickstart.mdx']);
        expect(updated?.update.changedNavigation).toBe(false);
        expect(updated?.update.changedPages).toEqual(['quickstart.mdx']);
        const input = inputOf(updated?.site as LoadedSite);
        built = withPageContent(built, input, ['quickstart.mdx']);
        const whole = buildSite(input);
        expect(built.site).toEqual(whole.site);
        expect(built.search).toEqual(whole.search);
      }
      expect(built.site).not.toEqual(before.site);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
