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
const changes = (value: typeof page) => [['href', value.href], ['metadata', value.metadata], ['content', value.content]] as const;

describe('editSpec', () => {
  it('adds the extension to a YAML operation and keeps everything else byte for byte', () => {
    const result = editSpec(yaml, [{ pointer: '/paths/~1pets/get', changes: changes(page) }], 'x-quire');
    expect(result.ok && result.reformatted).toBe(false);
    if (!result.ok) return;
    expect(result.text).toBe(yaml.replace('          description: ok\n', `          description: ok\n      x-quire:\n        href: /pets/list\n        metadata:\n          title: "List: pets"\n        content: |-\n          # Pets\n\n          All of them.\n`));
  });

  it('replaces the members MDX sets, removes those it has not, keeps the others with their comments, at the file indentation', () => {
    const result = editSpec(yaml, [{ pointer: '/paths/~1pets/post', changes: [['href', '/pets/create'], ['metadata', undefined], ['content', undefined]] }], 'x-quire');
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
    const result = editSpec(json, [{ pointer: '/paths/~1a/get', changes: [['href', '/a'], ['content', 'x\ny']] }], 'x-quire');
    if (!result.ok) throw new Error('failed');
    expect(result.text).toBe(json.replace('"responses": {}', '"responses": {},\n\t\t\t\t"x-quire": {\n\t\t\t\t\t"href": "/a",\n\t\t\t\t\t"content": "x\\ny"\n\t\t\t\t}'));
  });

  it('refuses an anchored operation', () => {
    const text = 'openapi: 3.0.0\npaths:\n  /a:\n    get: &op\n      responses: {}\n  /b:\n    get: *op\n';
    expect(editSpec(text, [{ pointer: '/paths/~1a/get', changes: [['href', '/a']] }], 'x-quire')).toMatchObject({ ok: false, reason: 'shared' });
  });
});
