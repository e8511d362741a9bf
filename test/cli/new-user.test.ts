import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, quire, quireInProcess, repositoryRoot } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';
import type { CompiledSite } from '../../src/index.js';

// What a new user meets in the first hour (issue 18), through the CLI's run() in this process
// (quireInProcess: the same output and exit code, without a process to start for each); the
// built CLI itself where the process is what is tested (a pipe that closes, --watch, --help).

describe('quire validate in the wrong folder', () => {
  it('stops with one message naming the nearest docs.json below, and reads nothing else', async () => {
    const { code, stdout, stderr } = await quireInProcess(['validate'], { cwd: fixturePath('cli', 'wrong-folder') });
    expect(code).toBe(1);
    // notes/draft.mdx has broken frontmatter and .cache/docs.json is a tool's: neither is mentioned.
    expect(stdout).toBe(
      'docs.json error config/not-found docs.json does not exist; did you mean site/docs/?\n  hint: Pass the folder that holds docs.json: site/docs/.\n\n',
    );
    expect(stderr).toBe('');
  });

  it('says only that docs.json is missing when no folder below has one', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'quire-empty-'));
    const { code, stdout } = await quireInProcess(['validate', empty]);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /docs\.json error config\/not-found \S+docs\.json does not exist\.\n  hint: Run the command in the folder that holds docs\.json, or pass that folder\.\n\n$/,
    );
  });

  it('points a site still on mint.json at quire upgrade', async () => {
    const legacy = mkdtempSync(path.join(tmpdir(), 'quire-legacy-'));
    writeFileSync(path.join(legacy, 'mint.json'), '{ "name": "Legacy", "navigation": [{ "group": "Start", "pages": ["index"] }] }\n');
    writeFileSync(path.join(legacy, 'index.mdx'), '---\ntitle: Home\n---\n');
    const { code, stdout } = await quireInProcess(['validate', '.'], { cwd: legacy });
    expect(code).toBe(1);
    expect(stdout).toBe(
      "docs.json error config/not-found docs.json does not exist.\n  hint: The folder has a mint.json, the platform's older configuration: `quire upgrade .` writes the docs.json that means the same.\n\n",
    );
    // The hint's command does what it says.
    expect((await quireInProcess(['upgrade', '.'], { cwd: legacy })).code).toBe(0);
    expect((await quireInProcess(['validate', '.'], { cwd: legacy })).code).toBe(0);
  });

  it('builds nothing there either, with the same message', async () => {
    const { code, stdout } = await quireInProcess(['build', '.', '--out', path.join(mkdtempSync(path.join(tmpdir(), 'quire-out-')), 'site')], {
      cwd: fixturePath('cli', 'wrong-folder'),
    });
    expect(code).toBe(1);
    expect(stdout).toContain('did you mean site/docs/?');
    expect(stdout).not.toContain('draft.mdx');
  });
});

describe('unknown or incomplete flags', () => {
  const cases: Array<{ args: string[]; says: string }> = [
    {
      args: ['validate', '--strcit'],
      says: 'quire validate: unknown option --strcit; did you mean --strict?\nUsage: quire validate [dir] [options] (quire validate --help for all options)\n',
    },
    {
      args: ['validate', '--format'],
      says: 'quire validate: option --format needs a value\nUsage: quire validate [dir] [options] (quire validate --help for all options)\n',
    },
    {
      args: ['validate', '--strict=yes'],
      says: 'quire validate: option --strict takes no value\nUsage: quire validate [dir] [options] (quire validate --help for all options)\n',
    },
    { args: ['build', '-x'], says: 'quire build: unknown option -x\nUsage: quire build [dir] -o <out> [options] (quire build --help for all options)\n' },
    { args: ['valdate'], says: 'quire: unknown command valdate; did you mean validate?\nUsage: quire <command> [options] (quire --help lists the commands)\n' },
  ];
  for (const { args, says } of cases) {
    it(`quire ${args.join(' ')}: one message, one usage line, exit 2`, async () => {
      const { code, stdout, stderr } = await quireInProcess(args);
      expect(code).toBe(2);
      expect(stderr).toBe(says);
      expect(stdout).toBe('');
    });
  }
});

describe('a long list of diagnostics', () => {
  const site = 'fixtures/cli/validate-broken-site';

  it('ends with how many of each code, most frequent first', async () => {
    const { stdout } = await quireInProcess(['validate', site]);
    expect(stdout).toMatch(
      /\nBy code: 2 navigation\/redirect-loop, 1 navigation\/invalid-root, 1 navigation\/missing-page, 1 navigation\/redirect-to-nothing, 1 openapi\/frontmatter-not-found, 1 openapi\/ref-not-found, 1 openapi\/reference-not-found\.\n7 errors, 1 warning in 5 pages \(1 without a file\)\n$/,
    );
  });

  it('prints errors only with --quiet and at most n with --max-diagnostics, and says what it left out', async () => {
    const all = await quireInProcess(['validate', site]);
    const quiet = await quireInProcess(['validate', site, '--quiet']);
    expect(quiet.code).toBe(1);
    expect(quiet.stdout).not.toMatch(/^\S+ warning [a-z]+\//m);
    expect(quiet.stdout).toContain('\n1 warning not shown (--quiet).\n');
    const cut = await quireInProcess(['validate', site, '--max-diagnostics', '2']);
    expect(cut.stdout.match(/^\S+ (?:error|warning) [a-z]+\//gm)).toHaveLength(2);
    expect(cut.stdout).toContain('\n6 more diagnostics not shown (--max-diagnostics).\n');
    // The overview and the counts are those of the whole run.
    for (const run of [quiet, cut]) expect(run.stdout.split('\n').slice(-4)).toEqual(all.stdout.split('\n').slice(-4));
  });

  it('leaves --format json as it was: every diagnostic, no summary text', async () => {
    const json = JSON.parse((await quireInProcess(['validate', site, '--format', 'json', '--quiet', '--max-diagnostics', '1'])).stdout);
    expect(json.diagnostics).toHaveLength(8);
    expect((await quireInProcess(['validate', site, '--max-diagnostics', 'ten'])).stderr).toContain('--max-diagnostics must be a whole number, not "ten"');
  });
});

describe('counts named for what they count', () => {
  // validate-broken-site lists 5 page paths (guides/instal has no file) and 2 endpoint references.
  it('validate: page entries and endpoint entries apart, and the pages without a file', async () => {
    const { stdout } = await quireInProcess(['validate', 'fixtures/cli/validate-broken-site']);
    expect(stdout).toContain('\nFound 2 tabs, 2 groups, 5 page entries, 2 endpoint entries, 1 OpenAPI reference.\n');
    expect(stdout).toMatch(/\n7 errors, 1 warning in 5 pages \(1 without a file\)\n$/);
    expect(JSON.parse((await quireInProcess(['validate', 'fixtures/cli/validate-broken-site', '--format', 'json'])).stdout).navigation).toMatchObject({
      pages: 7,
      endpoints: 2,
    });
  });

  it('build: the pages built, of which endpoint pages, and the pages without a file left out', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'quire-counts-')), 'site');
    const { stdout } = await quireInProcess(['build', 'fixtures/cli/validate-broken-site', '-o', out]);
    expect(stdout).toMatch(/\nBuilt 6 pages \(2 endpoint pages; 1 page without a file left out\) into /);
  });
});

describe('pages no navigation entry lists', () => {
  // fixtures/cli/unlisted-pages lists index, guide and legacy (served by legacy/index.mdx); it
  // also holds drafts/a, drafts/b, old.md and zeta (unlisted), snippets/note.mdx and
  // _snippets/shared.mdx (snippets by their folder), parts/intro.mdx (a snippet: guide.mdx
  // imports it), 404.mdx (the custom "page not found") and internal/secret.mdx (in .mintignore).
  it('says so once, with the count and the first three, and lists all in --format json', async () => {
    const { code, stdout } = await quireInProcess(['validate', 'fixtures/cli/unlisted-pages']);
    expect(code).toBe(0);
    expect(stdout).toBe(
      '4 page files are listed in no navigation entry: the platform publishes them as hidden pages (reachable by URL only): drafts/a.mdx, drafts/b.mdx, old.md and 1 more (--format json lists all).\n' +
        'Found 1 group, 3 page entries.\n0 errors, 0 warnings in 3 pages\n',
    );
    const report = JSON.parse((await quireInProcess(['validate', 'fixtures/cli/unlisted-pages', '--format', 'json'])).stdout);
    expect(report.unlistedPages).toEqual(['drafts/a.mdx', 'drafts/b.mdx', 'old.md', 'zeta.mdx']);
    expect(report.warnings).toBe(0);
  });

  it('without the content, cannot know which files are imported, and says so', async () => {
    const { stdout } = await quireInProcess(['validate', 'fixtures/cli/unlisted-pages', '--no-content']);
    expect(stdout).toContain(
      '5 page files are listed in no navigation entry: the platform publishes them as hidden pages (reachable by URL only) unless another page imports them as a snippet: drafts/a.mdx, drafts/b.mdx, old.md and 2 more',
    );
    expect(JSON.parse((await quireInProcess(['validate', 'fixtures/cli/unlisted-pages', '--no-content', '--format', 'json'])).stdout).unlistedPages).toEqual([
      'drafts/a.mdx',
      'drafts/b.mdx',
      'old.md',
      'parts/intro.mdx',
      'zeta.mdx',
    ]);
  });

  it('says nothing when every page is listed', async () => {
    expect((await quireInProcess(['validate', 'fixtures/example-site'])).stdout).not.toContain('no navigation entry');
  });
});

describe('the compiled site', () => {
  // fixtures/cli/mdx-endpoint-title: index.mdx, and api/get-user.mdx titled "Fetch one user" with
  // `openapi: GET /users/{id}`, whose operation's summary is "Get a user".
  async function build(site: string): Promise<Pick<CompiledSite, 'endpoints' | 'pages'>> {
    const out = path.join(site, 'out');
    const result = await quireInProcess(['build', site, '-o', out]);
    expect(result.code).toBe(0);
    return JSON.parse(readFileSync(path.join(out, 'site.json'), 'utf8'));
  }

  it('serves the home page at /, and previous/next are hrefs', async () => {
    const site = await build(copyFixture('cli', 'mdx-endpoint-title'));
    expect(site.pages.map((page) => [page.href, page.previous, page.next])).toEqual([
      ['/', undefined, '/api/get-user'],
      ['/api/get-user', '/', undefined],
    ]);
  });

  it('titles an MDX endpoint page with its own title, the same before and after migrate-mdx', async () => {
    const folder = copyFixture('cli', 'mdx-endpoint-title');
    const before = await build(folder);
    const page = (site: typeof before) => site.endpoints.find((endpoint) => endpoint.href === '/api/get-user');
    expect(page(before)).toMatchObject({ title: 'Fetch one user', file: 'api/get-user.mdx' });
    expect(before.pages[1]).toMatchObject({ title: 'Fetch one user' });
    expect((await quireInProcess(['migrate-mdx', folder])).code).toBe(0);
    const after = await build(folder);
    // The same page model, no longer made by an MDX file.
    const { file: _file, ...entry } = page(before) ?? {};
    expect(page(after)).toEqual(entry);
    // The page is now generated (kind `endpoint`, no `openapi:` field); its URL and title are the same.
    const shown = (pages: typeof before.pages) => pages.map((page) => [page.href, page.sidebarTitle ?? page.title]);
    expect(shown(after.pages)).toEqual(shown(before.pages));
  });
});

describe('quire init', () => {
  it('writes a minimal site that validates and builds without a problem', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'quire-init-'));
    const init = await quireInProcess(['init', 'my-docs'], { cwd: parent });
    expect(init.code).toBe(0);
    expect(init.stdout).toBe('Wrote my-docs/docs.json, my-docs/index.mdx, my-docs/quickstart.mdx, my-docs/openapi.yaml.\nNext: quire validate my-docs\n');
    expect(JSON.parse(readFileSync(path.join(parent, 'my-docs', 'docs.json'), 'utf8')).$schema).toMatch(/\/dist\/docs\.schema\.json$/);
    const validate = await quireInProcess(['validate', 'my-docs'], { cwd: parent });
    expect(validate.stdout).toBe('Found 2 tabs, 2 groups, 2 page entries, 1 endpoint entry, 1 OpenAPI reference.\n0 errors, 0 warnings in 2 pages\n');
    const build = await quireInProcess(['build', 'my-docs', '-o', 'out'], { cwd: parent });
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/^Built 3 pages \(1 endpoint page\) into out: 4 files, [\d.]+ KiB\.\n0 errors, 0 warnings\n$/);
  });

  it('refuses to write over an existing file, and writes none of the others', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'quire-init-'));
    writeFileSync(path.join(folder, 'index.mdx'), 'mine\n');
    const { code, stderr } = await quireInProcess(['init'], { cwd: folder });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'quire init: index.mdx exists already; nothing was written.\n  hint: Run quire init in an empty folder, or pass one: quire init my-docs\n',
    );
    expect(readdirSync(folder)).toEqual(['index.mdx']);
    expect(readFileSync(path.join(folder, 'index.mdx'), 'utf8')).toBe('mine\n');
  });

  it('with --format json, prints one JSON document: what it wrote, or what was there and why it wrote nothing', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'quire-init-'));
    const written = await quireInProcess(['init', 'my-docs', '--format', 'json'], { cwd: parent });
    expect(written.stderr).toBe('');
    expect(JSON.parse(written.stdout)).toEqual({
      root: path.join(parent, 'my-docs'),
      written: ['my-docs/docs.json', 'my-docs/index.mdx', 'my-docs/quickstart.mdx', 'my-docs/openapi.yaml'],
      existing: [],
    });
    expect(written.code).toBe(0);
    writeFileSync(path.join(parent, 'my-docs', 'quickstart.mdx'), 'mine\n');
    rmSync(path.join(parent, 'my-docs', 'openapi.yaml'));
    const refused = await quireInProcess(['init', 'my-docs', '--format', 'json'], { cwd: parent });
    expect(refused.stderr).toBe('');
    expect(JSON.parse(refused.stdout)).toEqual({
      root: path.join(parent, 'my-docs'),
      written: [],
      existing: ['my-docs/docs.json', 'my-docs/index.mdx', 'my-docs/quickstart.mdx'],
      error: 'my-docs/docs.json, my-docs/index.mdx, my-docs/quickstart.mdx exist already; nothing was written.',
    });
    expect(refused.code).toBe(1);
    expect(readdirSync(path.join(parent, 'my-docs')).sort()).toEqual(['docs.json', 'index.mdx', 'quickstart.mdx']);
  });
});

describe('output into a pipe that closes early', () => {
  it("is cut without an EPIPE stack trace, and the exit code is still the command's", () => {
    // `true` reads nothing and exits at once: every write of quire goes to a closed pipe.
    const result = spawnSync('bash', ['-c', 'node dist/cli/index.js validate fixtures/cli/validate-broken-site | true; echo "exit ${PIPESTATUS[0]}"'], {
      cwd: repositoryRoot,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('exit 1\n');
  });
});

describe('--format json', () => {
  // The README and docs/cli.md say every command has it for CI, but quire serve, whose output is
  // its log, and quire mcp, whose output is the protocol.
  const names = quire(['--help'])
    .stdout.match(/^ {2}(\S+) /gm)!
    .map((line) => line.trim());
  // The servers (serve, dev, mcp) print no report: they run until stopped (mcp's stdout is the protocol).
  const servers = ['serve', 'dev', 'mcp'];
  it('is listed in the help of every command but the servers', async () => {
    expect(names).toEqual(
      expect.arrayContaining(['validate', 'build', 'dev', 'init', 'openapi-file', 'migrate-mdx', 'upgrade', 'serve', 'keys', 'conversations']),
    );
    for (const name of names) {
      const help = (await quireInProcess([name, '--help'])).stdout;
      if (servers.includes(name)) expect(help, name).not.toContain('--format');
      else expect(help, name).toMatch(/--format <format> +text \(default\) or json/);
    }
  });

  it('refuses another format with a usage error, in every command that has it', async () => {
    const argv: Record<string, string[]> = {
      validate: [],
      build: ['-o', 'out'],
      init: [],
      'openapi-file': ['spec.yaml'],
      'migrate-mdx': [],
      upgrade: [],
      keys: ['list', '--project', 'demo'],
      conversations: ['import', '--project', 'demo', 'history.jsonl'],
    };
    for (const name of names.filter((name) => !servers.includes(name))) {
      expect(argv[name], `${name}: add its arguments here`).toBeDefined();
      const { code, stderr } = await quireInProcess([name, ...argv[name]!, '--format', 'yaml'], { cwd: mkdtempSync(path.join(tmpdir(), 'quire-format-')) });
      expect(stderr, name).toMatch(new RegExp(`^quire ${name}: --format must be text or json, not "yaml"\n`));
      expect(code, name).toBe(2);
    }
  });
});

describe('hints that fit the reference', () => {
  it('speaks of the webhook name, not of method and path, for an unknown webhook in frontmatter', async () => {
    const site = copyFixture('cli', 'mdx-endpoint-title');
    writeFileSync(path.join(site, 'api', 'hook.mdx'), '---\ntitle: Hook\nopenapi: webhook plant.addd\n---\n');
    writeFileSync(path.join(site, 'docs.json'), readFileSync(path.join(site, 'docs.json'), 'utf8').replace('"api/get-user"]', '"api/get-user", "api/hook"]'));
    const { stdout } = await quireInProcess(['validate', site]);
    expect(stdout).toContain('error openapi/frontmatter-not-found `openapi: webhook plant.addd` is not in the OpenAPI document openapi.yaml.');
    expect(stdout).toContain('  hint: The webhook name must match the document exactly.\n');
  });
});

describe('quire migrate-mdx --extension', () => {
  it('writes the page settings under the extension named, x-mint for the platform', async () => {
    const site = copyFixture('cli', 'mdx-endpoint-title');
    expect((await quireInProcess(['migrate-mdx', site, '--extension', 'x-mint'])).code).toBe(0);
    const spec = readFileSync(path.join(site, 'openapi.yaml'), 'utf8');
    expect(spec).toContain(
      '      x-mint:\n        href: /api/get-user\n        metadata:\n          title: Fetch one user\n        content: Returns one user.\n',
    );
    expect(spec).not.toContain('x-quire');
    expect((await quireInProcess(['migrate-mdx', site, '--extension', 'mint'])).stderr).toBe(
      'quire migrate-mdx: --extension must name a vendor extension (x-...), not "mint"\nUsage: quire migrate-mdx [dir] [options] (quire migrate-mdx --help for all options)\n',
    );
  });
});

describe('quire validate --watch', () => {
  it('checks again after a real file change and prints only what changed', async () => {
    const site = copyFixture('cli', 'mdx-endpoint-title');
    const child = spawn(process.execPath, [path.join(repositoryRoot, 'dist/cli/index.js'), 'validate', site, '--watch'], {
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const waitFor = async (text: string) => {
      for (let tries = 0; tries < 200 && !output.includes(text); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(output).toContain(text);
    };
    try {
      await waitFor('0 errors, 0 warnings. Watching');
      const start = output.length;
      writeFileSync(path.join(site, 'index.mdx'), '---\ntitle: [unclosed\n---\n\nWelcome.\n');
      await waitFor('1 error, 0 warnings.\n');
      const change = output.slice(start);
      expect(change).toMatch(/index\.mdx:2:\d+ error frontmatter\/invalid-yaml/);
      // Only what changed: nothing of the first run is printed again.
      expect(change).not.toContain('Watching');
      const second = output.length;
      writeFileSync(path.join(site, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
      await waitFor('0 errors, 0 warnings.\n');
      expect(output.slice(second)).toMatch(/^fixed: \S*index\.mdx:2:\d+ error frontmatter\/invalid-yaml .*\n0 errors, 0 warnings\.\n$/);
    } finally {
      child.kill();
    }
  });

  it('cannot be used with --format json', async () => {
    expect((await quireInProcess(['validate', 'fixtures/example-site', '--watch', '--format', 'json'])).stderr).toContain(
      'quire validate: --watch prints text; it cannot be used with --format json\n',
    );
  });
});
