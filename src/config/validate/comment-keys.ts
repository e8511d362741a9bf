import type { Reporter } from './report.js';

/** Keys people use to write comments in JSON, which has none: `"// note"`, `"_comment"`, `"$comment"`. */
export function isCommentKey(key: string): boolean {
  return key.startsWith('//') || key.startsWith('#') || /^[_$]?comments?$/i.test(key) || /^_comment/i.test(key);
}

/** A comment key is not a mistake in the configuration, but it is ignored: say so, as a warning. */
export function reportCommentKey(key: string, pointer: string, reporter: Reporter): void {
  reporter.report({
    code: 'config/comment-key',
    severity: 'warning',
    message: `"${key}" looks like a comment written as a key; it is ignored.`,
    pointer,
    at: 'key',
    hint: 'JSON has no comments. Keep notes in the repository (a README), or remove the key.',
  });
}
