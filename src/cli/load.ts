import { loadSite, type LoadedSite } from '../node/load-site.js';
import type { CliIo } from './command.js';
import { createProgress } from './progress.js';

const STAGES = { pages: 'Reading pages', openapi: 'Reading OpenAPI documents', endpoints: 'Building endpoint pages' } as const;

/** `loadSite` for a command, with progress on a terminal while it reads (none for `--format json`). */
export async function loadSiteForCommand(target: string, io: CliIo, options: { strict: boolean; format: string; offline?: boolean }): Promise<LoadedSite> {
  const progress = createProgress(io, { enabled: options.format === 'text' });
  try {
    return await loadSite(target, {
      cwd: io.cwd,
      strict: options.strict,
      offline: options.offline ?? false,
      onProgress: (stage, done, total) => progress.update(STAGES[stage], stage === 'endpoints' ? undefined : done, total),
    });
  } finally {
    progress.done();
  }
}
