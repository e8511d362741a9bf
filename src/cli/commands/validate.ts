import type { OmittedPart } from '../../config/parse-docs-json.js';
import { formatDiagnostics } from '../../diagnostics/format.js';
import type { NavigationCounts } from '../../site/types.js';
import { ExitCode, parseCommandLine, UsageError, type Command } from '../command.js';
import { cacheHelp, maxPageSizeHelp, openSiteForCommand, parseMaxPageSize, parseWorkers, reportSiteForCommand, workersHelp } from '../load.js';
import { ruleOptionHelp } from '../rule-options.js';
import { describeLeftOut, parseMaxDiagnostics, selectShown, summarizeByCode } from '../diagnostic-list.js';
import { plural, useColor } from '../output.js';
import { watchSite } from '../watch.js';

const usage = `Usage: quire validate [dir] [options]

Checks the site in [dir] (default: the current folder) without rendering it: its docs.json and
the files its $refs point to; the navigation (every page has a file, group roots exist); the
OpenAPI documents referenced anywhere and every endpoint reference against them; the frontmatter
of every page, including \`openapi:\` and \`openapi-schema:\`; redirects whose destination is not a
page. Prints every problem with its file, line and column, then how many of each code, then a
summary line. Shows progress on
a terminal. When docs.json has errors, the rest of the site is still checked, without the parts of
docs.json that have them (a group, a tab, a setting); the summary names what was left out.

Rule settings and ignore patterns come from quire.config.json (or .quirerc.json) beside
docs.json, and .mintignore is honoured; --rule overrides the file. Counts and the exit code are
those after the rules.

Options:
  --strict           Report unknown keys outside navigation as errors, not warnings
  --format <format>  text (default) or json (one JSON document, for CI)
  --watch            Check again after each change under the folder and print only
                     what changed (new problems, fixed ones, the counts); text only
  --quiet            Print errors only (warnings are still counted)
  --max-diagnostics <n>
                     Print at most n diagnostics (the summary still counts all)
  --offline          Do not fetch OpenAPI documents given by URL; warn about each
                     and check nothing against it (also when no network answers)
  --no-content       Read only the pages' frontmatter: skip MDX syntax, links,
                     anchors, images, snippet imports and components
${cacheHelp(21)}
${workersHelp(21)}
${maxPageSizeHelp(21)}
${ruleOptionHelp(21)}
  -h, --help         Show this help

Exit code: 0 when there is no error, 1 when there are errors, 2 on a usage error.`;

/** `quire validate`: checks a site's docs.json. */
export const validateCommand: Command = {
  name: 'validate',
  summary: 'Check a site (docs.json, pages, OpenAPI references, redirects) and print every problem',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine({
      args: argv,
      allowPositionals: true,
      options: {
        strict: { type: 'boolean', default: false },
        format: { type: 'string', default: 'text' },
        offline: { type: 'boolean', default: false },
        rule: { type: 'string', multiple: true, default: [] },
        quiet: { type: 'boolean', default: false },
        'max-diagnostics': { type: 'string' },
        watch: { type: 'boolean', default: false },
        'no-content': { type: 'boolean', default: false },
        'no-cache': { type: 'boolean', default: false },
        cache: { type: 'string' },
        workers: { type: 'string' },
        'max-page-size': { type: 'string' },
      },
    });
    if (positionals.length > 1) throw new UsageError(`expected at most one folder, got ${positionals.length}`);
    if (values.format !== 'text' && values.format !== 'json') throw new UsageError(`--format must be text or json, not "${values.format}"`);
    // A bad --workers or --max-page-size is a usage error now, not inside each load of --watch.
    parseWorkers(values.workers);
    parseMaxPageSize(values['max-page-size']);
    const max = parseMaxDiagnostics(values['max-diagnostics']);
    if (typeof max === 'string') throw new UsageError(max);
    if (values.watch) {
      if (values.format === 'json') throw new UsageError('--watch prints text; it cannot be used with --format json');
      return watchSite(() => openSiteForCommand(positionals[0] ?? '.', io, { ...values, format: 'json', text: false }), io);
    }
    // The pages' text is for a search index: validate checks links, anchors and components.
    // Printed again from the cache folder when nothing changed since the last run (see reportSite).
    const site = await reportSiteForCommand(positionals[0] ?? '.', io, { ...values, text: false });
    const errors = site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
    const warnings = site.diagnostics.length - errors;
    const checked = site.checked;
    const found = site.summary.navigation;
    // With the content read, the files other files import are known to be snippets, not pages.
    const contentRead = !values['no-content'];
    const unlisted = site.summary.unlistedPages;
    if (values.format === 'json') {
      const report = {
        file: site.docsJson,
        valid: errors === 0,
        errors,
        warnings,
        pages: site.pages ?? 0,
        files: site.files,
        navigation: found ?? null,
        omitted: site.omitted ?? null,
        missingPages: site.missingPages,
        unlistedPages: unlisted,
        diagnostics: site.diagnostics,
      };
      io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      const selection = selectShown(site.diagnostics, { quiet: values.quiet, max });
      const text = formatDiagnostics(selection.shown, site.sources, { color: useColor(io) });
      if (text) io.stdout.write(`${text}\n`);
      const leftOut = describeLeftOut(selection);
      if (leftOut) io.stdout.write(`${leftOut}\n`);
      // Not a site at all: that one message says everything; counts of nothing would only distract.
      if (site.diagnostics.some((diagnostic) => diagnostic.code === 'config/not-found')) return ExitCode.problems;
      for (const missing of site.missingPages)
        io.stdout.write(
          `${plural(missing.count, 'page')} listed in ${missing.section.join(' › ') || 'the navigation'} ${missing.count === 1 ? 'has' : 'have'} no file.\n`,
        );
      if (unlisted.length) io.stdout.write(`${describeUnlisted(unlisted, contentRead)}\n`);
      if (found) io.stdout.write(`${describeFound(found)}\n`);
      if (site.omitted?.length) io.stdout.write(`${describeOmitted(site.omitted)}\n`);
      else if (!checked && errors > 0)
        io.stdout.write(
          'The navigation, OpenAPI references and redirects were not checked: the errors above leave no configuration of docs.json to check them with.\n',
        );
      const byCode = summarizeByCode(site.diagnostics);
      if (byCode) io.stdout.write(`${byCode}\n`);
      // Distinct page paths listed (a page listed twice is one), some perhaps without a file.
      const withoutFile = site.missingPages.reduce((sum, missing) => sum + missing.count, 0);
      const scope = site.pages !== undefined ? ` in ${plural(site.pages, 'page')}${withoutFile ? ` (${withoutFile} without a file)` : ''}` : '';
      io.stdout.write(`${plural(errors, 'error')}, ${plural(warnings, 'warning')}${scope}\n`);
    }
    return errors > 0 ? ExitCode.problems : ExitCode.ok;
  },
};

/** How many page files no navigation entry lists, and the first few of them (all are in --format json). */
/** Says which page files no navigation entry lists; without the content read, some may be snippets other files import. */
function describeUnlisted(files: readonly string[], contentRead: boolean): string {
  const shown = files.slice(0, UNLISTED_SHOWN).join(', ');
  const more = files.length > UNLISTED_SHOWN ? ` and ${(files.length - UNLISTED_SHOWN).toLocaleString('en-US')} more (--format json lists all)` : '';
  const verb = files.length === 1 ? 'is' : 'are';
  const unless = contentRead ? '' : ` unless another page imports ${files.length === 1 ? 'it' : 'them'} as a snippet`;
  return `${plural(files.length, 'page file')} ${verb} listed in no navigation entry: the platform publishes ${files.length === 1 ? 'it as a hidden page' : 'them as hidden pages'} (reachable by URL only)${unless}: ${shown}${more}.`;
}

const UNLISTED_SHOWN = 3;

/** Says what of docs.json the rest of the site was checked without: "Checked without 1 group of docs.json, which has errors." */
function describeOmitted(omitted: readonly OmittedPart[]): string {
  const counts = new Map<string, number>();
  for (const part of omitted) counts.set(part.kind, (counts.get(part.kind) ?? 0) + 1);
  const parts = [...counts].map(([kind, count]) => plural(count, kind).replace(/entrys$/, 'entries'));
  const listed = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `Checked the site without ${listed} of docs.json, which ${omitted.length === 1 ? 'has' : 'have'} errors.`;
}

function describeFound(counts: NavigationCounts): string {
  const parts = [
    counts.languages && plural(counts.languages, 'language'),
    counts.versions && plural(counts.versions, 'version'),
    counts.tabs && plural(counts.tabs, 'tab'),
    plural(counts.groups, 'group'),
    plural(counts.pages - counts.endpoints, 'page entry').replace('entrys', 'entries'),
    counts.endpoints && plural(counts.endpoints, 'endpoint entry').replace('entrys', 'entries'),
    counts.openapi && plural(counts.openapi, 'OpenAPI reference'),
  ].filter(Boolean);
  return `Found ${parts.join(', ')}.`;
}
