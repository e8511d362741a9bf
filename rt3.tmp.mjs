import { parseDocument, isMap, isPair, isScalar } from 'yaml';
const t = `paths:
  /users:
    get:   # the get
      summary: List users # trailing
      description: |
        Multi
        line

      # a comment
      responses:
        '200':
          description: ok
      # end comment
    post: {summary: x, responses: {}}
    put:
      x-quire:
        href: /a
      summary: "q"
`;
const d = parseDocument(t);
const show = (n, label) => console.log(label, JSON.stringify(n?.range), JSON.stringify(t.slice(n.range[0], n.range[1])), JSON.stringify(t.slice(n.range[1], n.range[2])));
const paths = d.contents.items[0].value; const users = paths.items[0].value; const get = users.items[0].value;
show(get, 'get');
for (const p of get.items) { show(p.key, 'key '+p.key.value); show(p.value, 'val'); }
show(users.items[1].value, 'post');
show(users.items[2].value.items[0].value, 'xq');
