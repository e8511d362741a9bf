import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { generateEndpointMdx, type EndpointMdxSource } from '../../src/index.js';
import { parseFrontmatter } from '../../src/frontmatter/frontmatter.js';

function page(metadata: Record<string, unknown>, extra: Partial<EndpointMdxSource> = {}): EndpointMdxSource {
  return {
    kind: 'endpoint',
    method: 'GET',
    path: '/users/{id}',
    metadata: { title: 'Get a user', openapi: 'openapi.yaml GET /users/{id}', ...metadata },
    ...extra,
  };
}

/** The YAML between the fences, read by a YAML 1.1 parser (what js-yaml and gray-matter are). */
function readAsYaml11(text: string): unknown {
  const block = /^---\n([\s\S]*?\n)---\n/.exec(text);
  return parse(block?.[1] ?? '', { version: '1.1' });
}

describe('generateEndpointMdx', () => {
  it('writes the operation, the metadata in order, and the content as the body', () => {
    const text = generateEndpointMdx(
      page(
        { description: 'Returns one user.', deprecated: true, version: 'v2', sidebarTitle: 'Get user', icon: 'user' },
        { content: '## Notes\n\nRate limited.' },
      ),
    );
    expect(text).toBe(
      '---\ntitle: Get a user\nopenapi: GET /users/{id}\ndescription: Returns one user.\ndeprecated: true\nversion: v2\nsidebarTitle: Get user\nicon: user\n---\n\n## Notes\n\nRate limited.\n',
    );
  });

  it('names a webhook as `webhook name`, without the document', () => {
    const text = generateEndpointMdx({
      kind: 'webhook',
      method: 'POST',
      path: 'user.created',
      metadata: { title: 'User created', openapi: 'spec.json webhook user.created' },
    });
    expect(text).toBe('---\ntitle: User created\nopenapi: webhook user.created\n---\n');
    expect(parseFrontmatter(text, 'a.mdx').data).toEqual({ title: 'User created', openapi: 'webhook user.created' });
  });

  it('quotes what YAML would read as something else, in YAML 1.2 and 1.1 readers alike', () => {
    const tricky: Record<string, string> = {
      colon: 'Users: list them',
      colonEnd: 'Note:',
      hash: 'a #comment',
      quotes: `it's "quoted"`,
      at: '@deprecated',
      star: '*bold*',
      amp: '&anchor',
      bang: '!tag',
      dash: '- item',
      question: '? key',
      brace: '{ a: 1 }',
      bracket: '[a, b]',
      pipe: '| text',
      percent: '%YAML',
      backtick: '`code`',
      no: 'no',
      yes: 'Yes',
      on: 'on',
      off: 'OFF',
      y: 'y',
      n: 'n',
      null: 'null',
      tilde: '~',
      empty: '',
      true: 'true',
      number: '42',
      float: '1.5',
      octal: '0123',
      hex: '0x1F',
      exponent: '1e3',
      sexagesimal: '1:30',
      date: '2024-01-01',
      infinity: '.inf',
      fence: '---',
      end: '...',
      spaces: '  padded  ',
      multiLine: 'First line.\n\nSecond: paragraph\n',
      // Found by the property test: a `|+` block ending in empty lines lost one at the closing fence.
      trailingBreaks: '\n---\n\n',
      // Found by the property test too: a YAML 1.1 reader may take this for a number.
      exponentOnly: 'e0123',
      trailingSpaces: 'a  \nb',
      crlf: 'a\r\nb',
      tab: '\tindented',
      separator: 'a\u2028---\u2029b',
      nel: 'a\u0085b',
      bom: '\ufeffx',
      control: 'bell\u0007',
    };
    // One at a time (beside plain fields, so the plain writer is asked first), then all together.
    for (const [key, value] of Object.entries(tricky)) {
      const alone = generateEndpointMdx(page({ [key]: value }));
      expect(parseFrontmatter(alone, 'a.mdx').data, key).toEqual({ title: 'Get a user', openapi: 'GET /users/{id}', [key]: value });
      expect(readAsYaml11(alone), key).toEqual({ title: 'Get a user', openapi: 'GET /users/{id}', [key]: value });
    }
    const text = generateEndpointMdx(page(tricky));
    const expected = { title: 'Get a user', openapi: 'GET /users/{id}', ...tricky };
    expect(parseFrontmatter(text, 'a.mdx')).toEqual({ data: expected, diagnostics: [] });
    expect(readAsYaml11(text)).toEqual(expected);
    // YAML 1.1 booleans, as values and as keys.
    for (const word of ['no', 'Yes', 'on', 'OFF', 'y', 'n']) expect(text).toContain(`: "${word}"\n`);
    expect(text).toMatch(/^"no": "no"$/m);
    expect(text).toContain('date: "2024-01-01"\n');
    expect(text).toContain('at: "@deprecated"\n');
  });

  it('keeps numbers, booleans, lists and objects of the metadata as they are', () => {
    const metadata = { hidden: false, weight: 3, ratio: 0.5, nothing: null, groups: ['admin', 'no'], 'x:image': { url: '/a.png', alt: 'on' } };
    const text = generateEndpointMdx(page(metadata));
    expect(parseFrontmatter(text, 'a.mdx').data).toEqual({ title: 'Get a user', openapi: 'GET /users/{id}', ...metadata });
    expect(readAsYaml11(text)).toEqual({ title: 'Get a user', openapi: 'GET /users/{id}', ...metadata });
  });

  it('writes an object met twice in full, not as a YAML alias', () => {
    const shared = { url: '/a.png' };
    const text = generateEndpointMdx(page({ light: shared, dark: shared }));
    expect(text).not.toMatch(/[&*]a\d/);
    expect(parseFrontmatter(text, 'a.mdx').data).toMatchObject({ light: shared, dark: shared });
  });

  it('lets x-quire.metadata override the title, but never the operation', () => {
    const text = generateEndpointMdx(page({ title: 'Fetch a user' }));
    expect(parseFrontmatter(text, 'a.mdx').data).toEqual({ title: 'Fetch a user', openapi: 'GET /users/{id}' });
  });

  it('writes no body for missing or blank content, and ends every file with a newline', () => {
    expect(generateEndpointMdx(page({}, { content: '  \n' }))).toBe('---\ntitle: Get a user\nopenapi: GET /users/{id}\n---\n');
    expect(generateEndpointMdx(page({}, { content: 'Text\n' }))).toMatch(/---\n\nText\n$/);
  });
});

// Any string: common trouble makers glued to arbitrary code points.
const trickyString = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '\n---\n',
        '\u2028---\u2029',
        '\r---\r',
        '\u0085---\u0085',
        'no',
        'Yes',
        'on',
        '~',
        'null',
        'true',
        '---',
        '...',
        ':',
        ': ',
        ' #',
        '#',
        '@',
        '*',
        '&',
        '!',
        '|',
        '>',
        '%',
        '`',
        '"',
        "'",
        '\\',
        '-',
        '?',
        '[',
        '{',
        ',',
        '\n',
        '\r\n',
        '\r',
        '\t',
        ' ',
        '\u2028',
        '\u2029',
        '\u0085',
        '\ufeff',
        '\u0000',
        '\u001b',
        '0x1F',
        '0123',
        '1e3',
        '.inf',
        '2024-01-01',
        '12:30',
      ),
      fc.string({ unit: 'binary', maxLength: 4 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));
// Starting with a letter, as most titles do: the plain writer's path, trouble makers after the first letter.
const textLike = fc.oneof(
  trickyString,
  fc.tuple(fc.constantFrom('a', 'Z', 'y', 'n', 'o', 'N', 'O', 'T', 'f', 'e'), trickyString).map(([first, rest]) => first + rest),
);
const KNOWN = new Set(['title', 'openapi', 'sidebarTitle', 'description', 'icon', 'tag', 'deprecated', 'version', 'hidden', '__proto__']);
const fieldName = textLike.filter((name) => !KNOWN.has(name));
const jsonValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    textLike,
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((number) => !Object.is(number, -0)),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fieldName, tie('value'), { maxKeys: 3 }),
  ),
})).value;

// Nearly plain text: what the plain writer must refuse is a single character away.
const nearlyPlain = fc
  .tuple(
    fc.constantFrom('a', 'Y', 'n', 'O', 'T'),
    fc.array(
      fc.constantFrom(
        'a',
        'B',
        '1',
        ' ',
        ':',
        '#',
        '-',
        'o',
        'es',
        'ff',
        'ull',
        'rue',
        '{',
        '}',
        '[',
        ']',
        ',',
        "'",
        '"',
        '?',
        '*',
        '&',
        '!',
        '|',
        '>',
        '%',
        '@',
        '`',
        '/',
        '.',
        '=',
        '\t',
        'é',
      ),
      { maxLength: 6 },
    ),
  )
  .map(([first, rest]) => first + rest.join(''));

describe('generateEndpointMdx (every short string)', () => {
  it('reads back every string of up to three spaces, tabs, line breaks, letters and YAML indicators', () => {
    // The property test below found " \n" (read back as "\n"); this covers its whole family.
    const alphabet = [' ', '\t', '\n', '\r', 'a', 'é', '#', ':', '-', "'", '"', '|', '>', '?', '*'];
    let strings = [''];
    const failures: string[] = [];
    for (let length = 1; length <= 3; length++) {
      strings = strings.flatMap((prefix) => alphabet.map((character) => prefix + character));
      for (const title of strings) {
        const text = generateEndpointMdx({ kind: 'endpoint', method: 'GET', path: '/x', metadata: { title, openapi: 'ignored' } });
        const expected = { title, openapi: 'GET /x' };
        const ours = parseFrontmatter(text, 'page.mdx');
        if (JSON.stringify(ours) !== JSON.stringify({ data: expected, diagnostics: [] }) || JSON.stringify(readAsYaml11(text)) !== JSON.stringify(expected))
          failures.push(title);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('generateEndpointMdx (property)', () => {
  it('reads back exactly when the fields are nearly plain text', () => {
    fc.assert(
      fc.property(
        nearlyPlain,
        nearlyPlain.filter((name) => !KNOWN.has(name)),
        nearlyPlain,
        (title, key, value) => {
          const text = generateEndpointMdx({ kind: 'webhook', method: 'POST', path: 'a.b', metadata: { title, openapi: 'x', [key]: value } });
          const expected = { title, openapi: 'webhook a.b', [key]: value };
          expect(parseFrontmatter(text, 'page.mdx')).toEqual({ data: expected, diagnostics: [] });
          expect(readAsYaml11(text)).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads back exactly through parseFrontmatter and a YAML 1.1 reader, body included', () => {
    fc.assert(
      fc.property(
        fc.record({
          title: textLike,
          description: fc.option(textLike, { nil: undefined }),
          deprecated: fc.option(fc.boolean(), { nil: undefined }),
          extra: fc.dictionary(fieldName, jsonValue, { maxKeys: 4 }),
        }),
        fc.option(trickyString, { nil: undefined }),
        fc.constantFrom('/users/{id}', '/a:b/#x', '/'),
        ({ title, description, deprecated, extra }, content, path) => {
          const metadata = { ...extra, title, ...(description !== undefined ? { description } : {}), ...(deprecated !== undefined ? { deprecated } : {}) };
          const text = generateEndpointMdx({
            kind: 'endpoint',
            method: 'POST',
            path,
            metadata: { ...metadata, openapi: 'ignored' },
            ...(content !== undefined ? { content } : {}),
          });
          const expected = { ...metadata, openapi: `POST ${path}` };
          expect(parseFrontmatter(text, 'page.mdx')).toEqual({ data: expected, diagnostics: [] });
          expect(readAsYaml11(text)).toEqual(expected);
          const body = text.slice(/^---\n[\s\S]*?\n---\n/.exec(text)?.[0].length ?? 0);
          expect(body).toBe(content === undefined || content.trim() === '' ? '' : `\n${content}${content.endsWith('\n') ? '' : '\n'}`);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
