import { setFlagsFromString } from 'node:v8';

/**
 * Asks V8 to keep its heap close to what the process holds, for `quire validate` and `quire
 * build`: they compile a whole site and print or write what they found, and a CI job runs them
 * beside others. `dev` and `serve` keep V8's defaults: the time of a page is what users feel there.
 *
 * By default V8 lets its young generation grow to 16 MB per semi-space and its old generation well
 * past the live set before collecting. Cold `quire validate --offline --no-cache` of
 * firecrawl-docs (5,528 pages) peaked at 197-202 MB, of which 48 MB is what the site holds after a
 * collection. With the young generation kept at its first size (`--semi-space-growth-factor=1`)
 * and the old one grown by 20% past its live set (`--heap-growing-percent=20`), it peaks at
 * 162-165 MB for 25-30% more CPU (10.3-11.5 s to 13.3-14.4 s, on a busy machine, three runs each),
 * which a run of 7 s alone affords.
 *
 * `quire build --html` holds about 1 GB live on the generated 25,000-page site, and V8 let it grow
 * to 2,068 MB before collecting (143 s). The old generation alone grown by 20% past its live set:
 * 1,099 MB, 138 s; the young generation kept small as well cost 183 s, so the HTML build sets the
 * first flag only (firecrawl-docs: 1,228 MB to 790 MB, 53 s to 58 s of CPU; 2026-11-28).
 *
 * Both flags are read by the collector each time it decides: setting them once the process runs,
 * before the heap has grown, takes effect (other flags, such as the number of GC threads, must not
 * be set so late: V8 stops on them).
 */
export function preferSmallHeap(argv: readonly string[]): void {
  const [command] = argv;
  if (command !== 'validate' && command !== 'build') return;
  setFlagsFromString('--heap-growing-percent=20');
  if (command === 'build' && argv.includes('--html')) return;
  setFlagsFromString('--semi-space-growth-factor=1');
}
