import { joinPointer } from '../../json/pointer.js';
import type { Reporter } from './report.js';

/** Each redirect source may appear once: a second one with the same source never applies. */
export function checkRedirects(redirects: ReadonlyArray<{ source: string }>, pointer: string, reporter: Reporter): void {
  const seen = new Map<string, number>();
  redirects.forEach((redirect, index) => {
    const first = seen.get(redirect.source);
    if (first === undefined) {
      seen.set(redirect.source, index);
      return;
    }
    reporter.report({
      code: 'config/duplicate-redirect',
      severity: 'error',
      message: `The redirect source "${redirect.source}" is used twice (redirects ${first + 1} and ${index + 1}); only one of them can apply.`,
      pointer: joinPointer(pointer, index, 'source'),
      hint: 'Remove one of the two redirects, or merge them.',
    });
  });
}
