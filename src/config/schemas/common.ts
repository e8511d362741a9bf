import * as z from 'zod/mini';

/** A colour written as `#rgb` or `#rrggbb`. */
export const HexColorSchema = z.string().check(z.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: 'Must be a hex colour such as "#0D9373" or "#09f".' }));

/** A pair of colours for light and dark mode. */
export const LightDarkColorSchema = z.strictObject({
  /** Colour used in light mode. */
  light: z.optional(HexColorSchema),
  /** Colour used in dark mode. */
  dark: z.optional(HexColorSchema),
});

/** The icon libraries a site can draw icons from. */
export const IconLibrarySchema = z.enum(['fontawesome', 'lucide', 'tabler']);

/**
 * An icon: a name from the site's icon library (`"book-open"`), a path or URL to an image, or
 * an object that picks the library and style explicitly.
 */
export const IconSchema = z.union([
  z.string().check(z.minLength(1)),
  z.strictObject({
    /** Icon name in its library. */
    name: z.string().check(z.minLength(1)),
    /** Font Awesome style, such as `solid`, `regular`, `duotone`. */
    style: z.optional(z.string()),
    /** Library the name belongs to; defaults to the site's `icons.library`. */
    library: z.optional(IconLibrarySchema),
  }),
]);

/** Where a link goes: an absolute URL, a site path (`/quickstart`), an anchor (`#x`) or `mailto:`. */
export const HrefSchema = z
  .string()
  .check(z.minLength(1))
  .check(z.refine((value) => !/^\s*(?:javascript|data|vbscript):/i.test(value), { error: 'Links with a script or data URL are not allowed.' }));

/** A page of the site, by its path in the repository without extension (`guides/quickstart`). */
export const PagePathSchema = z.string().check(z.minLength(1, { error: 'A page path cannot be empty.' }));

/** Whether an element is left out of the navigation (its pages still build). */
export const HiddenSchema = z.boolean();

/** An OpenAPI document: a path in the repository (`openapi.yaml`, `/specs/v2.json`) or an http(s) URL. */
export const OpenApiSourceSchema = z
  .string()
  .check(z.trim())
  .check(z.minLength(1, { error: 'An OpenAPI source cannot be empty.' }))
  .check(
    z.refine((value) => !/^[a-z][a-z0-9+.-]*:/i.test(value) || /^https?:\/\//i.test(value), {
      error: 'An OpenAPI URL must use http or https.',
    }),
  );

/** An OpenAPI document with the folder its generated pages go in. */
export const OpenApiObjectSchema = z.strictObject({
  /** Path in the repository or http(s) URL of the document. */
  source: OpenApiSourceSchema,
  /** Folder of the generated endpoint pages; defaults to `api-reference`. */
  directory: z.optional(z.string().check(z.trim())),
  /** OpenAPI Overlay documents applied to the source in order; `[]` turns off auto-discovered overlays. */
  overlays: z.optional(z.array(OpenApiSourceSchema)),
});

/** An AsyncAPI document with the folder its generated pages go in (no overlays, unlike OpenAPI). */
const AsyncApiObjectSchema = z.strictObject({
  /** Path in the repository or http(s) URL of the document. */
  source: OpenApiSourceSchema,
  /** Folder of the generated channel pages. */
  directory: z.optional(z.string().check(z.trim())),
});

/**
 * The OpenAPI document(s) in effect for an element and its children: a source, an object with
 * `source` and `directory`, or a list of either.
 */
export const OpenApiSchema = z.union([OpenApiSourceSchema, OpenApiObjectSchema, z.array(z.union([OpenApiSourceSchema, OpenApiObjectSchema]))]);

/** The AsyncAPI document(s) in effect for an element: the shapes of {@link OpenApiSchema}, without overlays. */
export const AsyncApiSchema = z.union([OpenApiSourceSchema, AsyncApiObjectSchema, z.array(z.union([OpenApiSourceSchema, AsyncApiObjectSchema]))]);

/** A path in the repository or an https URL (GraphQL and SDK sources accept no plain http). */
const HttpsOrPathSchema = z
  .string()
  .check(z.trim())
  .check(z.minLength(1, { error: 'A source cannot be empty.' }))
  .check(
    z.refine((value) => !/^[a-z][a-z0-9+.-]*:/i.test(value) || /^https:\/\//i.test(value), { error: 'Must be a path in the repository or an https URL.' }),
  );

/** A GraphQL SDL schema the element's reference pages are generated from: a source, or `{ source, directory }`. */
export const GraphQlSchema = z.union([
  HttpsOrPathSchema,
  z.strictObject({
    /** Path in the repository or https URL of the SDL schema. */
    source: HttpsOrPathSchema,
    /** Folder of the generated pages. */
    directory: z.optional(z.string().check(z.trim(), z.minLength(1))),
  }),
]);

/** SDK reference pages generated from a documentation generator's output. */
export const SdkSchema = z.strictObject({
  /** The generator that produced the artifact. */
  format: z.enum(['typedoc', 'docfx', 'javadoc', 'sphinx', 'phpdoc']),
  /** Path in the repository or https URL of the artifact. */
  source: HttpsOrPathSchema,
  /** Folder of the generated pages. */
  directory: z.optional(z.string().check(z.trim(), z.minLength(1))),
});

export type HexColor = z.output<typeof HexColorSchema>;
export type Icon = z.output<typeof IconSchema>;
export type OpenApiReference = z.output<typeof OpenApiSchema>;
