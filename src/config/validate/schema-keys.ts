import type * as z from 'zod/mini';

/** The parts of zod's internal definition objects this module reads. */
interface Definition {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  valueType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  getter?: () => z.core.$ZodType;
}

function definitionOf(schema: z.core.$ZodType): Definition {
  return (schema as unknown as { _zod: { def: Definition } })._zod.def;
}

/** Strips the wrappers that do not change the shape of a value (optional, default, lazy, ...). */
export function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  for (let guard = 0; guard < 32; guard++) {
    const definition = definitionOf(current);
    if (definition.innerType) current = definition.innerType;
    else if (definition.type === 'lazy' && definition.getter) current = definition.getter();
    else if (definition.type === 'pipe' && definition.in) current = definition.in;
    else return current;
  }
  return current;
}

/** The property names an object schema declares, or an empty list for other schemas. */
export function objectKeys(schema: z.core.$ZodType): string[] {
  const definition = definitionOf(unwrap(schema));
  if (definition.type === 'object' && definition.shape) return Object.keys(definition.shape);
  if (definition.type === 'union' && definition.options) return [...new Set(definition.options.flatMap(objectKeys))];
  return [];
}

/** The schema of the value at `path` inside a value of `schema`, following objects, arrays, records and unions. */
export function schemaAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): z.core.$ZodType | undefined {
  let current: z.core.$ZodType | undefined = schema;
  for (const segment of path) {
    if (!current) return undefined;
    current = childSchema(unwrap(current), segment);
  }
  return current;
}

function childSchema(schema: z.core.$ZodType, segment: PropertyKey): z.core.$ZodType | undefined {
  const definition = definitionOf(schema);
  switch (definition.type) {
    case 'object':
      return definition.shape?.[String(segment)];
    case 'array':
      return definition.element;
    case 'record':
      return definition.valueType;
    case 'union':
      for (const option of definition.options ?? []) {
        const found = childSchema(unwrap(option), segment);
        if (found) return found;
      }
      return undefined;
    default:
      return undefined;
  }
}
