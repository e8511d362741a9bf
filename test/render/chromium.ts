import { chromium, type Browser } from 'playwright-core';
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

/**
 * The Chromium of {@link findChromium} for the browser tests of `testFile`, or undefined with the
 * reason printed (those tests then skip, as `describe.skipIf(!executablePath)` says).
 */
export function chromiumFor(testFile: string): string | undefined {
  const found = findChromium();
  if (!found) console.warn(`${testFile}: browser tests skipped, no Chromium (apt-get install chromium, or set QUIRE_CHROMIUM)`);
  return found;
}

/** Starts the headless Chromium at `executablePath` as every browser test drives it. */
export function launchChromium(executablePath: string | undefined): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
}
