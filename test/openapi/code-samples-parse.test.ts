import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CodeSample } from '../../src/index.js';
import { corpusEndpointPages, fixturePages, fullSampleRun, type SampledPage } from '../helpers/code-samples.js';
import { hasCorpus } from '../helpers/corpus.js';

/**
 * Every generated sample must be code its language's own tools accept. Checked where this
 * machine has the tool: `bash -n` (cURL), `node --check` (JavaScript), `python3 -m py_compile`
 * (Python), `javac` (Java, which compiles it against java.net.http, so types are checked too),
 * `ruby -c` (Ruby), `php -l` (PHP). Go and C# have no parser here and are not checked. The samples of a language go
 * to the tool in one file (each wrapped so that they do not clash); when that file fails, each
 * half is checked again until the samples at fault stand alone.
 */
interface Checker {
  label: string;
  tool: string[];
  /** The file the samples are written to, and the text that holds them. */
  file: string;
  wrap: (sources: readonly string[]) => string;
  /** Arguments after the tool, given the file. */
  args: (file: string, folder: string) => string[];
}

const JAVA_IMPORTS = 'import java.net.URI;\nimport java.net.http.HttpClient;\nimport java.net.http.HttpRequest;\nimport java.net.http.HttpResponse;\n';

const CHECKERS: Checker[] = [
  {
    label: 'cURL',
    tool: ['bash'],
    file: 'samples.sh',
    wrap: (sources) => sources.map((source) => `sample() {\n${source}\n}\n`).join(''),
    args: (file) => ['-n', file],
  },
  {
    label: 'JavaScript',
    tool: [process.execPath],
    file: 'samples.mjs',
    wrap: (sources) => sources.map((source) => `async () => {\n${source}\n};\n`).join(''),
    args: (file) => ['--check', file],
  },
  {
    label: 'Python',
    tool: ['python3'],
    file: 'samples.py',
    wrap: (sources) => sources.map((source) => `def sample():\n${source.replace(/^/gm, '    ')}\n`).join(''),
    args: (file) => ['-m', 'py_compile', file],
  },
  {
    label: 'Java',
    tool: ['javac'],
    file: 'Samples.java',
    wrap: (sources) =>
      `${JAVA_IMPORTS}class Samples {\n${sources.map((source, index) => `static void sample${index}() throws Exception {\n${source}\n}\n`).join('')}}\n`,
    args: (file, folder) => ['-d', path.join(folder, 'classes'), '-nowarn', file],
  },
  {
    label: 'Ruby',
    tool: ['ruby'],
    file: 'samples.rb',
    wrap: (sources) => sources.map((source, index) => `def sample${index}\n${source}\nend\n`).join(''),
    args: (file) => ['-c', file],
  },
  {
    label: 'PHP',
    tool: ['php'],
    file: 'samples.php',
    // Each sample opens with `<?php`; its body becomes a function of the one file.
    wrap: (sources) => `<?php\n${sources.map((source, index) => `function sample${index}() {\n${source.replace(/^\s*<\?php\s*/, '')}\n}\n`).join('')}`,
    args: (file) => ['-l', file],
  },
];

function available(tool: string): boolean {
  return spawnSync(tool, ['--version'], { stdio: 'ignore' }).error === undefined;
}

function accepted(checker: Checker, sources: readonly string[]): { ok: boolean; output: string } {
  const folder = mkdtempSync(path.join(tmpdir(), 'quire-samples-'));
  const file = path.join(folder, checker.file);
  writeFileSync(file, checker.wrap(sources));
  const result = spawnSync(checker.tool[0] as string, checker.args(file, folder), { encoding: 'utf8', maxBuffer: 1 << 26 });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.slice(0, 2000) };
}

/** The samples of `label` that the tool refuses, each with the page it is from and the tool's words. */
function refused(checker: Checker, pages: readonly SampledPage[]): string[] {
  const samples: Array<{ where: string; sample: CodeSample }> = [];
  for (const { file, page } of pages) {
    // The generated sample: those written in the document (checked by their authors, not here) come first.
    const sample = page.codeSamples.findLast((candidate) => candidate.label === checker.label);
    if (sample) samples.push({ where: `${file} ${page.method.toUpperCase()} ${page.path}`, sample });
  }
  expect(samples.length, `${checker.label} samples`).toBeGreaterThan(0);
  // Java compiles a class per 400 samples: a class file holds at most 65,535 constants.
  const size = checker.label === 'Java' ? 400 : samples.length;
  const faults: string[] = [];
  // A refused batch is halved until the samples at fault stand alone: a few runs, not one per sample.
  const check = (batch: typeof samples): void => {
    const result = accepted(
      checker,
      batch.map(({ sample }) => sample.source),
    );
    if (result.ok) return;
    if (batch.length === 1) faults.push(`${batch[0]?.where}\n${batch[0]?.sample.source}\n${result.output}`);
    else {
      check(batch.slice(0, batch.length >> 1));
      check(batch.slice(batch.length >> 1));
    }
  };
  for (let start = 0; start < samples.length; start += size) check(samples.slice(start, start + size));
  return faults;
}

describe('generated request samples are valid code', () => {
  const fixtures = fixturePages();
  for (const checker of CHECKERS) {
    it.skipIf(!available(checker.tool[0] as string))(`${checker.label}, on the code-samples fixtures`, () => {
      expect(
        refused(
          checker,
          fixtures.filter(({ page }) => page.kind === 'endpoint'),
        ),
      ).toEqual([]);
    });
  }

  // Every language is generated for the corpus, so that one run checks them all.
  const corpus = hasCorpus ? corpusEndpointPages({ codeSamples: { languages: ['curl', 'javascript', 'python', 'java', 'ruby', 'php'] } }) : [];
  for (const checker of CHECKERS) {
    it.skipIf(!hasCorpus || !available(checker.tool[0] as string))(
      `${checker.label}, on ${fullSampleRun ? 'every operation' : 'a sample of operations'} of the corpus's descriptions`,
      () => {
        expect(corpus.length).toBeGreaterThan(fullSampleRun ? 5000 : 500);
        expect(refused(checker, corpus)).toEqual([]);
      },
      300_000,
    );
  }

  it('the checks have teeth: a sample with a broken quote is refused by each tool', () => {
    const broken: Record<string, string> = {
      cURL: "curl --url 'https://x",
      JavaScript: "fetch('https://x",
      Python: 'print("x',
      Java: 'System.out.println("x);',
      Ruby: 'puts "x',
      PHP: '<?php\necho "x;',
    };
    for (const checker of CHECKERS)
      if (available(checker.tool[0] as string)) expect(accepted(checker, [broken[checker.label] as string]).ok, checker.label).toBe(false);
  });
});
