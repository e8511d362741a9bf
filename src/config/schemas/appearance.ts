import * as z from 'zod/mini';
import { HexColorSchema, IconLibrarySchema, LightDarkColorSchema } from './common.js';

/** Brand colours. */
export const ColorsSchema = z.strictObject({
  /** Main brand colour, used for links and highlights. */
  primary: HexColorSchema,
  /** Brand colour in dark mode. */
  light: z.optional(HexColorSchema),
  /** Brand colour for buttons and hovers in light mode. */
  dark: z.optional(HexColorSchema),
});

/** An image for both modes, or one per mode. */
const ImageSchema = z.union([
  z.string().check(z.minLength(1)),
  z.strictObject({ light: z.string().check(z.minLength(1)), dark: z.string().check(z.minLength(1)) }),
]);

/** The logo in the top-left corner. */
export const LogoSchema = z.union([
  z.string().check(z.minLength(1)),
  z.strictObject({
    /** Logo for light mode. */
    light: z.string().check(z.minLength(1)),
    /** Logo for dark mode. */
    dark: z.string().check(z.minLength(1)),
    /** Where clicking the logo goes. */
    href: z.optional(z.string()),
  }),
]);

/** The favicon: one file, or one per mode. */
export const FaviconSchema = ImageSchema;

/** Light and dark mode. */
export const AppearanceSchema = z.strictObject({
  /** Mode a first-time reader sees. */
  default: z.optional(z.enum(['system', 'light', 'dark'])),
  /** Hides the mode toggle, keeping the default mode. */
  strict: z.optional(z.boolean()),
});

/** Page background. */
export const BackgroundSchema = z.strictObject({
  /** Background image, one for both modes or one per mode. */
  image: z.optional(ImageSchema),
  /** A decoration drawn behind the content. */
  decoration: z.optional(z.enum(['gradient', 'grid', 'windows'])),
  /** Background colours. */
  color: z.optional(LightDarkColorSchema),
});

/** One font, from Google Fonts by family or self-hosted through `source`. */
const FontSchema = z.strictObject({
  /** Font family, such as `Inter`. */
  family: z.string().check(z.minLength(1)),
  /** Font weight, such as 400. */
  weight: z.optional(z.number()),
  /** URL or path of a self-hosted font file. */
  source: z.optional(z.string()),
  /** Format of the self-hosted file. */
  format: z.optional(z.enum(['woff', 'woff2'])),
});

/** Fonts: one for everything (`family`, ...), with optional separate `heading` and `body` fonts. */
export const FontsSchema = z.extend(z.partial(FontSchema), {
  /** Font of headings. */
  heading: z.optional(FontSchema),
  /** Font of body text. */
  body: z.optional(FontSchema),
});

/** Icon library used by icon names everywhere in the site. */
export const IconsSchema = z.strictObject({
  /** Library of icon names. */
  library: IconLibrarySchema,
});

/** Look of page elements. */
export const StylingSchema = z.strictObject({
  /** What the small line above a page title shows: its `section` or full `breadcrumbs`. */
  eyebrows: z.optional(z.enum(['section', 'breadcrumbs'])),
  /** Code block theme: `system`, `dark`, or a Shiki theme per mode. */
  codeblocks: z.optional(
    z.union([
      z.enum(['system', 'dark']),
      z.strictObject({
        /** A Shiki theme name, or one per mode. */
        theme: z.optional(z.union([z.string(), z.strictObject({ light: z.string(), dark: z.string() })])),
        /** Custom languages: paths to Shiki language definitions. */
        languages: z.optional(z.strictObject({ custom: z.optional(z.array(z.string())) })),
      }),
    ]),
  ),
  /** Whether LaTeX is rendered. */
  latex: z.optional(z.boolean()),
});

/** Navigation behaviour. */
export const InteractionSchema = z.strictObject({
  /** Whether selecting a group opens its first page: `true` always, `false` never, unset: the theme's default. */
  drilldown: z.optional(z.boolean()),
});

/** Social preview images. */
export const ThumbnailsSchema = z.strictObject({
  /** Light or dark thumbnails. */
  appearance: z.optional(z.enum(['light', 'dark'])),
  /** Background image of the thumbnails. */
  background: z.optional(z.string()),
  /** Font of the thumbnails. */
  fonts: z.optional(z.strictObject({ family: z.string().check(z.minLength(1)) })),
});

export type Colors = z.output<typeof ColorsSchema>;
export type Styling = z.output<typeof StylingSchema>;
