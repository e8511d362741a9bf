import { describe, expect, it } from 'vitest';
import { editSpec } from '../../src/migrate/spec-edit.js';

const yaml = `openapi: 3.1.0 # the version
info: {title: 'Pets', version: "1"}
paths:
  /pets:
    get:   # list them
      summary: List pets # trailing
      description: |
        Multi
        line
      # a comment
      responses:
        '200':
          description: ok
      # end comment
    post:
        summary: 'Create'
        x-quire:
            href: /old
            hidden: false   # keep me
            content: old
        responses: {}
    put: {summary: x, responses: {}}
`;

const page = { href: '/pets/list', metadata: { title: 'List: pets' }, content: '# Pets\n\nAll of them.' };
const changes = (value: typeof page) =>
  [
    ['href', value.href],
    ['metadata', value.metadata],
    ['content', value.content],
  ] as const;

describe('editSpec', () => {
  it('adds the extension to a YAML operation and keeps everything else byte for byte', () => {
    const result = editSpec(yaml, [{ pointer: '/paths/~1pets/get', changes: changes(page) }], 'x-quire');
    expect(result.ok && result.reformatted).toBe(false);
    if (!result.ok) return;
    expect(result.text).toBe(
      yaml.replace(
        '          description: ok\n',
        `          description: ok\n      x-quire:\n        href: /pets/list\n        metadata:\n          title: "List: pets"\n        content: |-\n          # Pets\n\n          All of them.\n`,
      ),
    );
  });

  it('replaces the members MDX sets, removes those it has not, keeps the others with their comments, at the file indentation', () => {
    const result = editSpec(
      yaml,
      [
        {
          pointer: '/paths/~1pets/post',
          changes: [
            ['href', '/pets/create'],
            ['metadata', undefined],
            ['content', undefined],
          ],
        },
      ],
      'x-quire',
    );
    if (!result.ok) throw new Error('failed');
    expect(result.reformatted).toBe(false);
    expect(result.text).toBe(yaml.replace('            href: /old\n', '            href: /pets/create\n').replace('            content: old\n', ''));
  });

  it('edits flow operations in YAML', () => {
    const result = editSpec(yaml, [{ pointer: '/paths/~1pets/put', changes: [['href', '/p']] }], 'x-quire');
    if (!result.ok) throw new Error('failed');
    expect(result.text).toContain('put: {summary: x, responses: {}, "x-quire": {"href": "/p"}}');
  });

  it('keeps JSON indentation, tabs included', () => {
    const json = '{\n\t"openapi": "3.0.3",\n\t"paths": {\n\t\t"/a": {\n\t\t\t"get": {\n\t\t\t\t"responses": {}\n\t\t\t}\n\t\t}\n\t}\n}\n';
    const result = editSpec(
      json,
      [
        {
          pointer: '/paths/~1a/get',
          changes: [
            ['href', '/a'],
            ['content', 'x\ny'],
          ],
        },
      ],
      'x-quire',
    );
    if (!result.ok) throw new Error('failed');
    expect(result.text).toBe(
      json.replace('"responses": {}', '"responses": {},\n\t\t\t\t"x-quire": {\n\t\t\t\t\t"href": "/a",\n\t\t\t\t\t"content": "x\\ny"\n\t\t\t\t}'),
    );
  });

  it('refuses an anchored operation', () => {
    const text = 'openapi: 3.0.0\npaths:\n  /a:\n    get: &op\n      responses: {}\n  /b:\n    get: *op\n';
    expect(editSpec(text, [{ pointer: '/paths/~1a/get', changes: [['href', '/a']] }], 'x-quire')).toMatchObject({ ok: false, reason: 'shared' });
  });

  it('keeps CRLF line breaks and a byte order mark', () => {
    const crlf = '\uFEFF' + yaml.replace(/\n/g, '\r\n');
    const result = editSpec(crlf, [{ pointer: '/paths/~1pets/get', changes: changes(page) }], 'x-quire');
    if (!result.ok) throw new Error('failed');
    expect(result.reformatted).toBe(false);
    expect(result.text.startsWith('\uFEFF')).toBe(true);
    expect(result.text.replace(/\r\n/g, '')).not.toContain('\n');
    const json = '{\r\n  "openapi": "3.0.3",\r\n  "paths": {\r\n    "/a": {\r\n      "get": {\r\n        "responses": {}\r\n      }\r\n    }\r\n  }\r\n}\r\n';
    const edited = editSpec(
      json,
      [
        {
          pointer: '/paths/~1a/get',
          changes: [
            ['href', '/a'],
            ['content', 'x\ny'],
          ],
        },
      ],
      'x-quire',
    );
    if (!edited.ok) throw new Error('failed');
    expect(edited.text).toBe(
      json.replace('"responses": {}', '"responses": {},\r\n        "x-quire": {\r\n          "href": "/a",\r\n          "content": "x\\ny"\r\n        }'),
    );
  });

  it('replaces an extension that is not an object, and one given as an empty value', () => {
    const text =
      'openapi: 3.0.0\npaths:\n  /a:\n    get:\n      x-quire: nonsense\n      responses: {}\n  /b:\n    get:\n      x-quire:\n      responses: {}\n';
    const result = editSpec(
      text,
      [
        { pointer: '/paths/~1a/get', changes: [['href', '/a']] },
        { pointer: '/paths/~1b/get', changes: [['href', '/b']] },
      ],
      'x-quire',
    );
    if (!result.ok) throw new Error('failed');
    expect(result.text).toBe(
      'openapi: 3.0.0\npaths:\n  /a:\n    get:\n      x-quire:\n        href: /a\n      responses: {}\n  /b:\n    get:\n      x-quire:\n        href: /b\n      responses: {}\n',
    );
  });

  it('adds to a block scalar that keeps its trailing blank lines without changing it', () => {
    const text = 'openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses: {}\n      description: |+\n        kept\n\n\n  /b: {}\n';
    const result = editSpec(text, [{ pointer: '/paths/~1a/get', changes: [['href', '/a']] }], 'x-quire');
    if (!result.ok) throw new Error('failed');
    expect(result.reformatted).toBe(false);
  });
});
