/**
 * The files of the site `quire init` writes: the smallest site that shows each part of the
 * platform (a docs.json with its schema, two pages, an OpenAPI document whose operation gets a
 * generated page), and that `quire validate` and `quire build` accept as it is.
 */
export const INIT_FILES: ReadonlyArray<{ path: string; content: string }> = [
  {
    path: 'docs.json',
    content: `${JSON.stringify(
      {
        $schema: './node_modules/quire-docs/dist/docs.schema.json',
        theme: 'mint',
        name: 'My docs',
        colors: { primary: '#0D9373' },
        navigation: {
          tabs: [
            { tab: 'Guides', groups: [{ group: 'Get started', pages: ['index', 'quickstart'] }] },
            { tab: 'API reference', openapi: 'openapi.yaml', groups: [{ group: 'Plants', pages: ['GET /plants'] }] },
          ],
        },
      },
      null,
      2,
    )}\n`,
  },
  {
    path: 'index.mdx',
    content:
      '---\ntitle: Introduction\ndescription: What these docs cover.\n---\n\nWelcome. Edit `index.mdx` to begin, and run `quire validate` after each change.\n',
  },
  {
    path: 'quickstart.mdx',
    content:
      '---\ntitle: Quickstart\ndescription: From nothing to a first result.\n---\n\n1. Install the package.\n2. Make your first call: see the API reference tab.\n',
  },
  {
    path: 'openapi.yaml',
    content: [
      'openapi: 3.0.3',
      'info:',
      '  title: Plant store',
      '  version: 1.0.0',
      'servers:',
      '  - url: https://api.example.com',
      'paths:',
      '  /plants:',
      '    get:',
      '      summary: List plants',
      '      description: Returns every plant of the store.',
      '      responses:',
      "        '200':",
      '          description: The plants.',
      '          content:',
      '            application/json:',
      '              schema:',
      '                type: array',
      '                items:',
      '                  type: object',
      '                  properties:',
      '                    name:',
      '                      type: string',
      '',
    ].join('\n'),
  },
];
