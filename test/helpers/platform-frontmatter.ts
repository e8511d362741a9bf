const STRING_FIELDS = ['title', 'sidebarTitle', 'description', 'tag', 'version', 'openapi'];
const BOOLEAN_FIELDS = ['deprecated', 'hidden'];

/**
 * The fields a YAML reading gives, the way the platform then uses them and Quire returns them: a
 * navigation field left empty (`description:`) is no value, a number or boolean where text is
 * expected is shown as its text (`title: 3.1`).
 */
export function asPageFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...fields };
  for (const field of [...STRING_FIELDS, ...BOOLEAN_FIELDS]) if (result[field] === null) delete result[field];
  for (const field of STRING_FIELDS) if (typeof result[field] === 'number' || typeof result[field] === 'boolean') result[field] = String(result[field]);
  return result;
}
