import { z } from 'zod';
import { HexColorSchema, IconLibrarySchema, LightDarkColorSchema } from './common.js';

/** Brand colours. */
export const ColorsSchema = z.strictObject({
  /** Main brand colour, used for links and highlights. */
  primary: HexColorSchema,
  /** Brand colour in dark mode. */
  light: HexColorSchema.optional(),
  /** Brand colour for buttons and hovers in light mode. */
  dark: HexColorSchema.optional(),
});

/** An image for both modes, or one per mode. */
const ImageSchema = z.union([z.string().min(1), z.strictObject({ light: z.string().min(1), dark: z.string().min(1) })]);

/** The logo in the top-left corner. */
export const LogoSchema = z.union([
  z.string().min(1),
  z.strictObject({
    /** Logo for light mode. */
    light: z.string().min(1),
    /** Logo for dark mode. */
    dark: z.string().min(1),
    /** Where clicking the logo goes. */
    href: z.string().optional(),
  }),
]);

/** The favicon: one file, or one per mode. */
export const FaviconSchema = ImageSchema;

/** Light and dark mode. */
export const AppearanceSchema = z.strictObject({
  /** Mode a first-time reader sees. */
  default: z.enum(['system', 'light', 'dark']).optional(),
  /** Hides the mode toggle, keeping the default mode. */
  strict: z.boolean().optional(),
});

/** Page background. */
export const BackgroundSchema = z.strictObject({
  /** Background image, one for both modes or one per mode. */
  image: ImageSchema.optional(),
  /** A decoration drawn behind the content. */
  decoration: z.enum(['gradient', 'grid', 'windows']).optional(),
  /** Background colours. */
  color: LightDarkColorSchema.optional(),
});

/** One font, from Google Fonts by family or self-hosted through `source`. */
const FontSchema = z.strictObject({
  /** Font family, such as `Inter`. */
  family: z.string().min(1),
  /** Font weight, such as 400. */
  weight: z.number().optional(),
  /** URL or path of a self-hosted font file. */
  source: z.string().optional(),
  /** Format of the self-hosted file. */
  format: z.enum(['woff', 'woff2']).optional(),
});

/** Fonts: one for everything (`family`, ...), with optional separate `heading` and `body` fonts. */
export const FontsSchema = FontSchema.partial().extend({
  /** Font of headings. */
  heading: FontSchema.optional(),
  /** Font of body text. */
  body: FontSchema.optional(),
});

/** Icon library used by icon names everywhere in the site. */
export const IconsSchema = z.strictObject({
  /** Library of icon names. */
  library: IconLibrarySchema,
});

/** Look of page elements. */
export const StylingSchema = z.strictObject({
  /** What the small line above a page title shows: its `section` or full `breadcrumbs`. */
  eyebrows: z.enum(['section', 'breadcrumbs']).optional(),
  /** Code block theme: `system`, `dark`, or a Shiki theme per mode. */
  codeblocks: z
    .union([
      z.enum(['system', 'dark']),
      z.strictObject({
        /** A Shiki theme name, or one per mode. */
        theme: z.union([z.string(), z.strictObject({ light: z.string(), dark: z.string() })]).optional(),
        /** Custom languages: paths to Shiki language definitions. */
        languages: z.strictObject({ custom: z.array(z.string()).optional() }).optional(),
      }),
    ])
    .optional(),
  /** Whether LaTeX is rendered. */
  latex: z.boolean().optional(),
});

/** Navigation behaviour. */
export const InteractionSchema = z.strictObject({
  /** Whether selecting a group opens its first page: `true` always, `false` never, unset: the theme's default. */
  drilldown: z.boolean().optional(),
});

/** Social preview images. */
export const ThumbnailsSchema = z.strictObject({
  /** Light or dark thumbnails. */
  appearance: z.enum(['light', 'dark']).optional(),
  /** Background image of the thumbnails. */
  background: z.string().optional(),
  /** Font of the thumbnails. */
  fonts: z.strictObject({ family: z.string().min(1) }).optional(),
});

export type Colors = z.output<typeof ColorsSchema>;
export type Styling = z.output<typeof StylingSchema>;
