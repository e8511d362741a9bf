import type { DiagnosticCode } from '../../diagnostics/codes.js';
import { joinPointer } from '../../json/pointer.js';
import type { Reporter } from './report.js';

/** Rules over the members of one `languages` or `versions` list: unique names, one default. */
export function checkListRules(items: readonly unknown[], list: string, pointer: string, reporter: Reporter): void {
  if (list === 'languages')
    checkList(items, pointer, reporter, {
      label: 'language',
      noun: 'language',
      duplicateCode: 'navigation/duplicate-language',
      defaultCode: 'navigation/multiple-default-languages',
    });
  if (list === 'versions')
    checkList(items, pointer, reporter, {
      label: 'version',
      noun: 'version',
      duplicateCode: 'navigation/duplicate-version',
      defaultCode: 'navigation/multiple-default-versions',
    });
}

interface ListRule {
  label: string;
  noun: string;
  duplicateCode: DiagnosticCode;
  defaultCode: DiagnosticCode;
}

function checkList(items: readonly unknown[], pointer: string, reporter: Reporter, rule: ListRule): void {
  const seen = new Map<string, number>();
  let firstDefault: number | undefined;
  items.forEach((item, index) => {
    if (item === null || typeof item !== 'object') return;
    const record = item as Record<string, unknown>;
    const name = record[rule.label];
    if (typeof name === 'string') {
      const first = seen.get(name);
      if (first === undefined) seen.set(name, index);
      else {
        reporter.report({
          code: rule.duplicateCode,
          severity: 'error',
          message: `The ${rule.noun} "${name}" is listed twice (entries ${first + 1} and ${index + 1}); readers could only ever reach one of them.`,
          pointer: joinPointer(pointer, index, rule.label),
          hint: `Merge the two entries, or give this one another ${rule.noun}.`,
        });
      }
    }
    if (record.default === true) {
      if (firstDefault === undefined) firstDefault = index;
      else {
        const firstName = (items[firstDefault] as Record<string, unknown>)[rule.label];
        reporter.report({
          code: rule.defaultCode,
          severity: 'error',
          message: `More than one default ${rule.noun}: "${String(name)}" and "${String(firstName)}" both have \`default: true\`.`,
          pointer: joinPointer(pointer, index, 'default'),
          at: 'key',
          hint: `Keep \`default: true\` on one ${rule.noun} only.`,
        });
      }
    }
  });
}
