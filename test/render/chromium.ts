import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The Chromium the browser tests drive (Debian's `chromium` package; never a downloaded build):
 * `QUIRE_CHROMIUM`, else `chromium` or `chromium-browser` on the PATH. Undefined when there is none;
 * the tests then skip and say why.
 */
export function findChromium(): string | undefined {
  const given = process.env.QUIRE_CHROMIUM;
  if (given) return existsSync(given) ? given : undefined;
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const candidate = join(folder, name);
      if (folder && existsSync(candidate)) return candidate;
    }
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}
