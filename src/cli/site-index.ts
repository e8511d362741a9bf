import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { markdownFileOf, pageMarkdownOf } from '../agents/index.js';
import type { IndexedPage } from '../server/storage/store.js';
import type { CliIo } from './command.js';
import { loadSiteForCommand } from './load.js';
import { buildForRender, siteForAgents } from './render-input.js';

/** A site read for the server's index: its pages and its assistant instructions, or why there are none. */
export type SiteIndexResult = { ok: true; name: string; pages: IndexedPage[]; instructions?: string } | { ok: false; message: string };

/** Where a site keeps its instructions to the assistant, as the platform reads them (the first found). */
const INSTRUCTION_FILES = ['.mintlify/Assistant.md', '.mintlify/ASSISTANT.md', 'Assistant.md', 'ASSISTANT.md'];

/**
 * Reads the site in `folder` as `quire build --html` does and makes what the server's search, page
 * and assistant routes read: every page (navigation and unlisted, not the hidden ones' absence:
 * published at their URL, they are found too) with its Markdown (as its `<page>.md`), and its
 * sections (the text before the first heading, then one per heading) with the navigation's
 * version and language. The site's problems are not printed: `quire validate` does that.
 */
export async function readSiteIndex(folder: string, io: CliIo, options: { offline?: boolean } = {}): Promise<SiteIndexResult> {
  const quiet: CliIo = { ...io, stdout: { write: () => true } as unknown as CliIo['stdout'], stderr: { write: () => true } as unknown as CliIo['stderr'] };
  const site = await loadSiteForCommand(folder, quiet, { strict: false, format: 'json', ...(options.offline ? { offline: true } : {}) });
  const config = site.config;
  if (!config || !site.tree) return { ok: false, message: `${path.join(site.root, 'docs.json')} has errors (quire validate prints them)` };
  const built = buildForRender(site, config);
  const { agents, endpoints, pages: first } = siteForAgents(site, built);
  const sections = new Map((built.search?.pages ?? []).map((entry) => [entry.href, entry.sections]));
  const pages: IndexedPage[] = [];
  for (const page of first.values()) {
    if (markdownFileOf(page.href) === undefined) continue;
    pages.push({
      path: page.href,
      title: page.title,
      description: page.description ?? null,
      version: page.section.version ?? null,
      language: page.section.language ?? null,
      markdown: await pageMarkdownOf(agents, page, endpoints.get(page.href)),
      sections: (sections.get(page.href) ?? []).map((section) => ({ anchor: section.id ?? null, heading: section.heading ?? null, text: section.text })),
    });
    // A page the search text has no sections for (a generated endpoint page) is found by its Markdown.
    const added = pages.at(-1)!;
    if (added.sections.length === 0) added.sections.push({ text: added.markdown });
  }
  let instructions: string | undefined;
  for (const file of INSTRUCTION_FILES) {
    instructions = await readFile(path.join(site.root, file), 'utf8').catch(() => undefined);
    if (instructions !== undefined) break;
  }
  return { ok: true, name: config.name, pages, ...(instructions !== undefined ? { instructions } : {}) };
}
