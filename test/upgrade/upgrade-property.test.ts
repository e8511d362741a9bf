import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocsJson } from '../../src/config/parse-docs-json.js';
import { upgradeMintJson } from '../../src/upgrade/index.js';

const segment = fc.constantFrom('api', 'guides', 'sdks', 'admin', 'v1', 'v2', 'reference', 'intro');
const page = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
const name = fc.constantFrom('Guides', 'API', 'SDKs', 'Reference', 'Get started', '');
const icon = fc.option(fc.constantFrom('book', 'code', 'rocket'), { nil: undefined });
const hex = fc.constantFrom('#0D9373', '#FF0000', '#112233');
const url = fc.oneof(page, fc.constantFrom('https://example.com', 'https://github.com/acme'));
const versionName = fc.constantFrom('v1', 'v2', 'v3');

interface Group {
  group: string;
  pages: Array<string | Group>;
  icon?: string;
  version?: string;
}

const group: fc.Arbitrary<Group> = fc.letrec<{ group: Group }>((tie) => ({
  group: fc.record(
    {
      group: name,
      pages: fc.array(fc.oneof({ depthSize: 'small', withCrossShrink: true }, page, tie('group')), { maxLength: 4 }),
      icon,
      version: fc.option(versionName, { nil: undefined }),
    },
    { requiredKeys: ['group', 'pages'] },
  ),
})).group;

const division = (versions: readonly string[]) =>
  fc.record(
    {
      name: fc.constantFrom('One', 'Two', 'Three'),
      url,
      icon,
      color: fc.option(fc.oneof(hex, fc.record({ from: hex, to: hex })), { nil: undefined }),
      version: versions.length > 0 ? fc.option(fc.constantFrom(...versions), { nil: undefined }) : fc.constant(undefined),
      openapi: fc.option(fc.constantFrom('openapi.yaml', 'https://example.com/openapi.json'), { nil: undefined }),
    },
    { requiredKeys: ['name', 'url'] },
  );

/** Any mint.json the legacy schema accepts, over the keys that shape docs.json. */
const settings = fc.record(
  {
    name: fc.constantFrom('Acme', 'Docs'),
    colors: fc.record({ primary: hex, light: hex, dark: hex }, { requiredKeys: ['primary'] }),
    theme: fc.constantFrom('venus', 'quill', 'prism'),
    topAnchor: fc.record({ name: fc.constantFrom('Home', 'Docs'), icon: fc.constantFrom('house', 'book') }),
    primaryTab: fc.record({ name: fc.constantFrom('Home', 'Docs') }),
    openapi: fc.constantFrom('openapi.yaml', 'https://example.com/openapi.json'),
    api: fc.record(
      {
        baseUrl: fc.constant('https://api.example.com'),
        auth: fc.record({ method: fc.constantFrom('bearer', 'basic', 'key') }),
        playground: fc.record({ mode: fc.constantFrom('show', 'simple', 'hide') }),
      },
      { requiredKeys: [] },
    ),
    modeToggle: fc.record({ default: fc.constantFrom('light', 'dark'), isHidden: fc.boolean() }, { requiredKeys: [] }),
    topbarLinks: fc.array(fc.record({ name: fc.constant('Link'), url: fc.constant('https://example.com') }), { maxLength: 2 }),
    topbarCtaButton: fc.oneof(
      fc.record({ name: fc.constant('Start'), url: fc.constant('https://example.com') }),
      fc.record({ type: fc.constant('github'), url: fc.constant('https://github.com/acme') }),
    ),
    footerSocials: fc.oneof(fc.constant({ x: 'https://x.com/acme' }), fc.constant([{ type: 'github', url: 'https://github.com/acme' }])),
  },
  { requiredKeys: ['name'] },
);

/** A first group with a page every version sees: a mint.json whose navigation shows nothing is not valid. */
const firstGroup = fc.record({
  group: fc.constantFrom('Home', 'Start'),
  pages: fc.array(fc.constantFrom('index', 'home', 'welcome'), { minLength: 1, maxLength: 2 }),
});

const navigation = fc.oneof(fc.uniqueArray(versionName, { maxLength: 3 }), fc.constant<string[]>(['English', 'French'])).chain((versions: string[]) =>
  fc.record(
    {
      navigation: fc
        .tuple(firstGroup, fc.array(group, { maxLength: 5 }))
        .map(([first, rest]) => [
          first,
          ...rest.map((entry) => (entry.version !== undefined && !versions.includes(entry.version) ? { ...entry, version: undefined } : entry)),
        ]),
      tabs: fc.array(division(versions), { maxLength: 3 }),
      anchors: fc.array(division(versions), { maxLength: 3 }),
      versions: fc.constant(versions[0] === 'English' ? versions.map((name) => ({ name, locale: name === 'English' ? 'en' : 'fr' })) : versions),
    },
    { requiredKeys: ['navigation'] },
  ),
);

/** Any mint.json the legacy format accepts, over the keys that shape docs.json. */
const mintJson = fc.tuple(settings, navigation).map(([base, nav]) => ({ ...base, ...nav }));

describe('upgradeMintJson (property)', () => {
  it('upgrades any valid mint.json to a docs.json that validates with no error', () => {
    fc.assert(
      fc.property(mintJson, (mint) => {
        const result = upgradeMintJson(JSON.stringify(mint, null, 2));
        expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
        expect(result.text).toBeDefined();
        const checked = parseDocsJson(result.text as string);
        expect(checked.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
        for (const diagnostic of result.diagnostics) expect(diagnostic.line).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
