import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { copyFixture, expectTree, failingFs, quire, quireInProcess, readTree } from '../helpers/cli.js';
import { corpusRoot, hasCorpus } from '../helpers/corpus.js';
import { fixtureCases, fixturePath } from '../helpers/fixtures.js';

interface Case {
  about: string;
  args: string[];
  code: number;
  /** The run must leave the folder exactly as it was. */
  unchanged?: boolean;
  /** The pages, listed with the printed navigation in docs.json, must pass `quire validate`. */
  validate?: boolean;
}

const readCase = (name: string): Case => JSON.parse(readFileSync(fixturePath('openapi-file', name, 'case.json'), 'utf8')) as Case;

/** Compares `actual` with the text in `file`; UPDATE=1 writes it instead. */
function expectText(file: string, actual: string): void {
  if (process.env.UPDATE === '1') writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

function transcript(result: { code: number | null; stdout: string; stderr: string }): string {
  return `exit code ${result.code}\n--- stdout\n${result.stdout}--- stderr\n${result.stderr}`;
}

/** Adds the printed groups to the site's docs.json (written when there is none) and validates the site. */
async function validateWithSnippet(site: string, snippet: string): Promise<{ code: number | null; stdout: string }> {
  const { groups } = JSON.parse(snippet) as { groups: unknown[] };
  const file = path.join(site, 'docs.json');
  const config = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { navigation: { groups: unknown[] } })
    : { theme: 'mint', name: 'Generated', colors: { primary: '#0F766E' }, navigation: { groups: [] as unknown[] } };
  config.navigation.groups.push(...groups);
  writeFileSync(file, JSON.stringify(config, null, 2));
  return quireInProcess(['validate', site]);
}

describe('quire openapi-file on fixtures/openapi-file', () => {
  for (const name of fixtureCases('openapi-file')) {
    const config = readCase(name);
    it(`${name}: ${config.about}`, async () => {
      const site = copyFixture('openapi-file', name, 'input');
      const result = await quireInProcess(['openapi-file', ...config.args], { cwd: site });
      expectText(fixturePath('openapi-file', name, 'output.txt'), transcript(result));
      expect(result.code).toBe(config.code);
      if (config.unchanged) expect(readTree(site)).toEqual(readTree(fixturePath('openapi-file', name, 'input')));
      else expectTree(site, fixturePath('openapi-file', name, 'expected'));
      if (config.validate) {
        const validation = await validateWithSnippet(site, result.stdout);
        // No problem in the pages or the navigation (the description may have warnings of its own).
        expect(validation.stdout).not.toMatch(/(\.mdx|docs\.json)(:\d+:\d+)? (error|warning) /);
        expect(validation.stdout).toMatch(/\n0 errors, \d+ warnings? in [\d,]+ pages\n$/);
        expect(validation.code).toBe(0);
      }
    });
  }

  it('validation of the generated pages fails when a page names an operation the description lacks (the check has teeth)', async () => {
    const site = copyFixture('openapi-file', 'frontmatter', 'input');
    const result = await quireInProcess(['openapi-file', 'openapi.yaml', '-o', 'api-reference'], { cwd: site });
    const page = path.join(site, 'api-reference/users/who-am-i.mdx');
    writeFileSync(page, readFileSync(page, 'utf8').replace('openapi: GET /users/me', 'openapi: GET /users/mine'));
    const validation = await validateWithSnippet(site, result.stdout);
    expect(validation.code).toBe(1);
    expect(validation.stdout).toContain('openapi/frontmatter-not-found `openapi: GET /users/mine`');
  });

  it('prints a JSON report with --format json, the snippet included', async () => {
    const site = copyFixture('openapi-file', 'existing-kept', 'input');
    const result = await quireInProcess(['openapi-file', 'openapi.yaml', '-o', 'api-reference', '--format', 'json'], { cwd: site });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({
      spec: 'openapi.yaml',
      folder: 'api-reference',
      root: '.',
      valid: true,
      errors: 0,
      warnings: 0,
      written: ['api-reference/plants/delete-a-plant.mdx'],
      overwritten: [],
      unchanged: ['api-reference/plants/add-a-plant.mdx'],
      kept: ['api-reference/plants/list-plants.mdx'],
      navigation: {
        groups: [
          {
            group: 'Plants',
            openapi: 'openapi.yaml',
            pages: ['api-reference/plants/list-plants', 'api-reference/plants/add-a-plant', 'api-reference/plants/delete-a-plant'],
          },
        ],
      },
    });
    expect(report.pages[0]).toEqual({
      page: 'api-reference/plants/list-plants',
      file: 'api-reference/plants/list-plants.mdx',
      openapi: 'GET /plants',
      status: 'kept',
    });
  });

  it('reports an invalid description in JSON with its positioned diagnostics', async () => {
    const site = copyFixture('openapi-file', 'invalid-spec', 'input');
    const result = await quireInProcess(['openapi-file', 'openapi.yaml', '--format', 'json'], { cwd: site });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ valid: false, written: [], navigation: null });
    expect(report.diagnostics[0]).toMatchObject({ code: 'openapi/missing-field', file: 'openapi.yaml', line: 3 });
  });

  it('works from another folder with absolute paths', async () => {
    const site = copyFixture('openapi-file', 'existing-kept', 'input');
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'quire-elsewhere-'));
    const result = await quireInProcess(['openapi-file', path.join(site, 'openapi.yaml'), '-o', path.join(site, 'api-reference'), '--format', 'json'], {
      cwd: elsewhere,
    });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    // The site folder is where docs.json is, whatever the current folder.
    expect(report.navigation.groups[0]).toEqual({
      group: 'Plants',
      openapi: 'openapi.yaml',
      pages: ['api-reference/plants/list-plants', 'api-reference/plants/add-a-plant', 'api-reference/plants/delete-a-plant'],
    });
    expect(readFileSync(path.join(site, 'api-reference/plants/delete-a-plant.mdx'), 'utf8')).toBe(
      '---\ntitle: Delete a plant\nopenapi: DELETE /plants/{id}\n---\n',
    );
  });

  it('refuses a description outside the site, whose pages would not validate, and writes nothing', async () => {
    const site = copyFixture('openapi-file', 'existing-kept', 'input');
    const before = readTree(site);
    const specs = mkdtempSync(path.join(tmpdir(), 'quire-specs-'));
    writeFileSync(path.join(specs, 'plants.yaml'), readFileSync(path.join(site, 'openapi.yaml')));
    const result = await quireInProcess(['openapi-file', path.join(specs, 'plants.yaml'), '-o', 'api-reference'], { cwd: site });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error openapi-file/spec-outside-site');
    expect(result.stderr).toContain('so nothing was written');
    expect(readTree(site)).toEqual(before);
  });

  it('refuses to write through a folder that links out of the output folder', async () => {
    const site = copyFixture('openapi-file', 'existing-kept', 'input');
    const outside = mkdtempSync(path.join(tmpdir(), 'quire-outside-'));
    rmSync(path.join(site, 'api-reference/plants'), { recursive: true });
    symlinkSync(outside, path.join(site, 'api-reference/plants'), 'dir');
    const result = await quireInProcess(['openapi-file', 'openapi.yaml', '-o', 'api-reference'], { cwd: site });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error openapi-file/link-outside-folder api-reference/plants is a link to a folder outside api-reference');
    expect(readTree(outside)).toEqual({});
    expect(readdirSync(path.join(site, 'api-reference'))).toEqual(['plants']);
  });

  it('refuses to replace a folder that stands where a page goes', async () => {
    const site = copyFixture('openapi-file', 'existing-kept', 'input');
    mkdirSync(path.join(site, 'api-reference/plants/delete-a-plant.mdx'));
    const result = await quireInProcess(['openapi-file', 'openapi.yaml', '-o', 'api-reference', '--overwrite'], { cwd: site });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error openapi-file/not-a-file');
    expect(readFileSync(path.join(site, 'api-reference/plants/list-plants.mdx'), 'utf8')).toContain('Hand-written notes');
  });

  describe('a write that fails half way leaves the disk as it was', () => {
    // The built CLI in a process of its own (the failures are injected by a `node --import` hook):
    // these also prove dist/cli/index.js, its exit code and its output, the rest runs in-process.
    // Into a new folder, the pages are written in a temporary one renamed in at the end: the one rename.
    for (const [operation, call] of [
      ['writeFile', 4],
      ['rename', 1],
      ['mkdir', 2],
    ] as const) {
      it(`${operation} #${call} fails`, () => {
        const site = copyFixture('openapi-file', 'frontmatter', 'input');
        const result = quire(['openapi-file', 'openapi.yaml', '-o', 'api-reference'], { cwd: site, ...failingFs(operation, call) });
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(
          /error openapi-file\/write-failed The file cannot be written \(.* failed \(injected by the test\)\)\. Nothing was changed\./,
        );
        expect(result.stdout).toBe('');
        expect(readTree(site)).toEqual(readTree(fixturePath('openapi-file', 'frontmatter', 'input')));
      });
    }

    it('with --overwrite, the replaced pages come back', () => {
      const site = copyFixture('openapi-file', 'existing-overwrite', 'input');
      const result = quire(['openapi-file', 'openapi.yaml', '-o', 'api-reference', '--overwrite'], { cwd: site, ...failingFs('rename', 2) });
      expect(result.code).toBe(1);
      expect(readTree(site)).toEqual(readTree(fixturePath('openapi-file', 'existing-overwrite', 'input')));
    });
  });

  it('exits 2 on usage errors and 0 on --help', async () => {
    expect((await quireInProcess(['openapi-file'])).code).toBe(2);
    expect((await quireInProcess(['openapi-file', 'a.yaml', 'b.yaml'])).code).toBe(2);
    expect((await quireInProcess(['openapi-file', 'a.yaml', '--format', 'xml'])).code).toBe(2);
    expect((await quireInProcess(['openapi-file', 'a.yaml', '--extension', 'mint'])).code).toBe(2);
    expect((await quireInProcess(['openapi-file', 'a.yaml', '--bogus'])).code).toBe(2);
    const file = await quireInProcess(['openapi-file', 'openapi.yaml', '-o', 'openapi.yaml'], { cwd: fixturePath('openapi-file', 'frontmatter', 'input') });
    expect(file.code).toBe(2);
    expect(file.stderr).toContain('--output openapi.yaml is a file, not a folder');
    const help = await quireInProcess(['openapi-file', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: quire openapi-file <spec> [options]');
    expect((await quireInProcess(['--help'])).stdout).toContain('openapi-file');
  });

  it('says so when the description does not exist', async () => {
    const result = await quireInProcess(['openapi-file', 'nope.yaml'], { cwd: mkdtempSync(path.join(tmpdir(), 'quire-empty-')) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nope.yaml error openapi/not-found nope.yaml does not exist.');
  });
});

// Real descriptions: every 25th of the corpus's OpenAPI files under 1 MB that quire accepts
// (openapi-file exits 0) must give pages that validate beside the printed groups.
describe.skipIf(!hasCorpus)('quire openapi-file on corpus descriptions', () => {
  const rows = hasCorpus
    ? readFileSync(`${corpusRoot}OPENAPI.tsv`, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t') as [string, string, string, string, string])
    : [];
  const sample = rows.filter(([, , bytes, , operations], index) => index % 25 === 0 && Number(bytes) < 1_000_000 && Number(operations) > 0);

  it(`writes pages that validate (${sample.length} descriptions)`, async () => {
    let validated = 0;
    for (const [, file] of sample) {
      const site = mkdtempSync(path.join(tmpdir(), 'quire-corpus-openapi-file-'));
      const name = `openapi${path.extname(file)}`;
      writeFileSync(path.join(site, name), readFileSync(`${corpusRoot}${file}`));
      const result = await quireInProcess(['openapi-file', name, '-o', 'api-reference'], { cwd: site });
      if (result.code !== 0) {
        // Refused descriptions are refused with diagnostics, and nothing is written: an invalid
        // description, or pages that cannot be written where asked (dify's x-mint hrefs name
        // /ja/api-reference/..., outside api-reference/).
        expect(result.stderr, file).toMatch(/error openapi(-file)?\//);
        expect(existsSync(path.join(site, 'api-reference')), file).toBe(false);
        continue;
      }
      const validation = await validateWithSnippet(site, result.stdout);
      expect(validation.stdout, file).not.toMatch(/(\.mdx|docs\.json)(:\d+:\d+)? (error|warning) /);
      expect(validation.code, `${file}\n${validation.stdout.slice(-3000)}`).toBe(0);
      validated++;
    }
    expect(validated).toBeGreaterThan(sample.length / 2);
  }, 300_000);
});

describe('quire openapi-file on a URL', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const spec = readFileSync(fixturePath('openapi-file', 'frontmatter', 'input', 'openapi.yaml'));
    server = createServer((request, response) => {
      if (request.url === '/openapi.yaml') response.writeHead(200, { 'content-type': 'application/yaml' }).end(spec);
      else response.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches the description and writes the same pages as from the file; the groups name the URL', async () => {
    const site = copyFixture('openapi-file', 'frontmatter', 'input');
    const result = await quireInProcess(['openapi-file', `${base}/openapi.yaml`, '-o', 'api-reference', '--version', 'v2'], { cwd: site });
    // Two summaries hold characters a file name cannot have everywhere (`:`, `"`): their pages are renamed, with a warning.
    expect(result.stderr.match(/warning openapi-file\/renamed/g)).toHaveLength(2);
    expect(result.stderr).toContain(
      '\nWrote 7 pages to api-reference/.\nAdd these groups to the navigation in docs.json (page paths start at this folder, which holds docs.json):\n',
    );
    expect(result.code).toBe(0);
    expectTree(site, fixturePath('openapi-file', 'frontmatter', 'expected'));
    const groups = JSON.parse(result.stdout).groups as Array<{ openapi: string }>;
    expect(groups.map((group) => group.openapi)).toEqual(groups.map(() => `${base}/openapi.yaml`));
  });

  it('exits 1 with the fetch failure and writes nothing', async () => {
    const site = copyFixture('openapi-file', 'frontmatter', 'input');
    const result = await quireInProcess(['openapi-file', `${base}/missing.yaml`, '-o', 'api-reference'], { cwd: site });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${base}/missing.yaml error openapi/fetch-failed ${base}/missing.yaml answered 404 Not Found.`);
    expect(readTree(site)).toEqual(readTree(fixturePath('openapi-file', 'frontmatter', 'input')));
  });
});

describe('quire openapi-file progress', () => {
  function terminal(): { stream: PassThrough & { isTTY: boolean; columns: number }; text: () => string } {
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    return { stream, text: () => text };
  }

  it('shows progress on a terminal and clears it before the summary; none when piped', async () => {
    const site = copyFixture('openapi-file', 'frontmatter', 'input');
    const stderr = terminal();
    const stdout = terminal();
    const code = await run(['openapi-file', 'openapi.yaml', '-o', 'api-reference'], {
      stdout: stdout.stream,
      stderr: stderr.stream,
      cwd: site,
      env: { NO_COLOR: '1' },
    });
    expect(code).toBe(0);
    expect(stderr.text()).toMatch(/^\r\u001b\[2KReading openapi\.yaml/);
    // The progress line is cleared before the first diagnostic, and the summary ends the output.
    expect(stderr.text()).toMatch(/\r\u001b\[2Kopenapi\.yaml:\d+:\d+ warning openapi-file\/renamed/);
    expect(stderr.text()).toMatch(/\nWrote 7 pages to api-reference\/\.\n/);
    expect(JSON.parse(stdout.text()).groups).toHaveLength(3);

    const piped = new PassThrough();
    let pipedText = '';
    piped.on('data', (chunk: Buffer) => (pipedText += chunk.toString()));
    await run(['openapi-file', 'openapi.yaml', '-o', 'api-reference'], {
      stdout: new PassThrough(),
      stderr: piped,
      cwd: copyFixture('openapi-file', 'frontmatter', 'input'),
      env: {},
    });
    expect(pipedText).not.toContain('\u001b');
  });
});
