import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchFolder } from '../../src/cli/watch.js';

/** A folder with pages in nested folders, and folders the watcher leaves out. */
function siteFolder(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'quire-watch-'));
  mkdirSync(path.join(root, 'guides/deep'), { recursive: true });
  mkdirSync(path.join(root, 'node_modules/pkg'), { recursive: true });
  mkdirSync(path.join(root, '.quire/cache'), { recursive: true });
  writeFileSync(path.join(root, 'docs.json'), '{}');
  writeFileSync(path.join(root, 'guides/deep/page.mdx'), '# Page\n');
  writeFileSync(path.join(root, 'node_modules/pkg/index.js'), '');
  return root;
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** Watches `root`; `next()` resolves with the files of the next call, after `action`. */
function watching(root: string) {
  let waiting: ((changed: ReadonlySet<string>) => void) | undefined;
  const calls: ReadonlySet<string>[] = [];
  stops.push(
    watchFolder(
      root,
      async (changed) => {
        calls.push(changed);
        waiting?.(changed);
      },
      (error) => {
        throw error;
      },
      { settleMs: 50 },
    ),
  );
  return {
    next(action: () => void): Promise<ReadonlySet<string>> {
      const seen = new Promise<ReadonlySet<string>>((resolve) => (waiting = resolve));
      action();
      return seen;
    },
    calls,
  };
}

describe('watchFolder', () => {
  it('reports a change in a nested folder, the files of a folder created or moved in, and leaves out node_modules and .quire', async () => {
    const root = siteFolder();
    try {
      const watch = watching(root);
      expect([...(await watch.next(() => writeFileSync(path.join(root, 'guides/deep/page.mdx'), '# Changed\n')))]).toEqual(['guides/deep/page.mdx']);
      // A new folder, then a page in it: both seen, the page once the folder is watched.
      const created = await watch.next(() => mkdirSync(path.join(root, 'new')));
      expect([...created]).toEqual(['new']);
      expect([...(await watch.next(() => writeFileSync(path.join(root, 'new/one.mdx'), '# One\n')))]).toEqual(['new/one.mdx']);
      // A folder of pages moved in from outside: its pages are changes.
      const outside = mkdtempSync(path.join(tmpdir(), 'quire-watch-outside-'));
      mkdirSync(path.join(outside, 'more/inner'), { recursive: true });
      writeFileSync(path.join(outside, 'more/inner/two.mdx'), '# Two\n');
      const moved = await watch.next(() => renameSync(path.join(outside, 'more'), path.join(root, 'more')));
      expect([...moved].sort()).toEqual(['more', 'more/inner/two.mdx']);
      rmSync(outside, { recursive: true, force: true });
      expect([...(await watch.next(() => writeFileSync(path.join(root, 'more/inner/two.mdx'), '# Two, again\n')))]).toEqual(['more/inner/two.mdx']);
      // Removed, then made again under the same name: still watched.
      expect([...(await watch.next(() => rmSync(path.join(root, 'guides'), { recursive: true })))]).toContain('guides');
      await watch.next(() => mkdirSync(path.join(root, 'guides/deep'), { recursive: true }));
      expect([...(await watch.next(() => writeFileSync(path.join(root, 'guides/deep/back.mdx'), '# Back\n')))]).toEqual(['guides/deep/back.mdx']);
      // Left out: what a change there would report is never reported.
      writeFileSync(path.join(root, 'node_modules/pkg/index.js'), 'changed');
      writeFileSync(path.join(root, '.quire/cache/x'), 'changed');
      const last = await watch.next(() => writeFileSync(path.join(root, 'docs.json'), '{"name":"x"}'));
      expect([...last]).toEqual(['docs.json']);
      expect(watch.calls.flatMap((call) => [...call]).filter((file) => /node_modules|\.quire/.test(file))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
