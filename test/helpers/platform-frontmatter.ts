// The fields the platform defines, written out here rather than imported, so that a test
// compares Quire's reading with this independent account of it.
const TEXT_FIELDS = [
  'title',
  'sidebarTitle',
  'description',
  'tag',
  'version',
  'url',
  'canonical',
  'robots',
  'openapi-schema',
  'contentType',
  'authMethod',
  'auth',
  'lastUpdatedDate',
  'createdDate',
];
const OTHER_FIELDS = [
  'api',
  'openapi',
  'asyncapi',
  'hidden',
  'deprecated',
  'noindex',
  'searchable',
  'public',
  'isPublic',
  'timestamp',
  'hideFooterPagination',
  'hideApiMarker',
  'rss',
  'boost',
  'keywords',
  'groups',
  'related',
  'icon',
  'mode',
  'iconType',
  'playground',
];
const isMetatag = (field: string) => /^(?:og|twitter):/.test(field);

/**
 * The fields a YAML reading gives, the way the platform then uses them and Quire returns them: a
 * field the platform defines left empty (`description:`) is no value, a number or boolean where
 * text is expected is shown as its text (`title: 3.1`), `noindex: "true"` is true, and numbers
 * among the keywords are their text.
 */
export function asPageFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...fields };
  for (const field of Object.keys(result)) {
    const text = TEXT_FIELDS.includes(field) || isMetatag(field);
    if (!text && !OTHER_FIELDS.includes(field)) continue;
    const value = result[field];
    if (value === null) delete result[field];
    else if (text && (typeof value === 'number' || typeof value === 'boolean')) result[field] = String(value);
  }
  if (result.noindex === 'true') result.noindex = true;
  if (Array.isArray(result.keywords) && result.keywords.every((item) => ['string', 'number', 'boolean'].includes(typeof item)))
    result.keywords = result.keywords.map(String);
  return result;
}
