import * as z from 'zod/mini';
import { ApiSchema } from './api.js';
import {
  AppearanceSchema,
  BackgroundSchema,
  ColorsSchema,
  FaviconSchema,
  FontsSchema,
  IconsSchema,
  InteractionSchema,
  LogoSchema,
  StylingSchema,
  ThumbnailsSchema,
} from './appearance.js';
import { BannerSchema } from './banner.js';
import { FooterSchema } from './footer.js';
import { NavbarSchema } from './navbar.js';
import { NavigationSchema } from './navigation.js';
import {
  ContextualSchema,
  ErrorsSchema,
  IntegrationsSchema,
  MarkdownSchema,
  MetadataSchema,
  RedirectsSchema,
  SearchSchema,
  SeoSchema,
  VariablesSchema,
  VariationsSchema,
} from './site.js';

/** The site themes. */
export const ThemeSchema = z.enum(['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia']);

/** Every top-level property of docs.json and its schema. */
export const docsConfigShape = {
  /** URL of the JSON Schema, for editors. */
  $schema: z.optional(z.string()),
  /** Layout theme of the site. */
  theme: ThemeSchema,
  /** Name of the project or organisation. */
  name: z.string().check(z.trim(), z.minLength(1)),
  /** Brand colours. */
  colors: ColorsSchema,
  /** Site description, for search engines and AI. */
  description: z.optional(z.string()),
  /** Logo in the top-left corner. */
  logo: z.optional(LogoSchema),
  /** Favicon. */
  favicon: z.optional(FaviconSchema),
  /** API reference and playground settings. */
  api: z.optional(ApiSchema),
  /** Light and dark mode. */
  appearance: z.optional(AppearanceSchema),
  /** Page background. */
  background: z.optional(BackgroundSchema),
  /** Top bar links and call to action. */
  navbar: z.optional(NavbarSchema),
  /** Footer links and social profiles. */
  footer: z.optional(FooterSchema),
  /** Search box. */
  search: z.optional(SearchSchema),
  /** Search engine settings. */
  seo: z.optional(SeoSchema),
  /** Fonts. */
  fonts: z.optional(FontsSchema),
  /** Icon library. */
  icons: z.optional(IconsSchema),
  /** Look of page elements. */
  styling: z.optional(StylingSchema),
  /** Navigation behaviour. */
  interaction: z.optional(InteractionSchema),
  /** Redirects; each source once. */
  redirects: z.optional(RedirectsSchema),
  /** Analytics and chat integrations. */
  integrations: z.optional(IntegrationsSchema),
  /** Banner on every page. */
  banner: z.optional(BannerSchema),
  /** The 404 page. */
  errors: z.optional(ErrorsSchema),
  /** Contextual menu of pages. */
  contextual: z.optional(ContextualSchema),
  /** Social preview images. */
  thumbnails: z.optional(ThumbnailsSchema),
  /** Page metadata. */
  metadata: z.optional(MetadataSchema),
  /** Values for `{{name}}` placeholders in pages. */
  variables: z.optional(VariablesSchema),
  /** Markdown served to AI agents. */
  markdown: z.optional(MarkdownSchema),
  /** Whether the whole site is public when authentication is on. */
  public: z.optional(z.boolean()),
  /** Content variants readers switch between (willow theme). */
  variations: z.optional(VariationsSchema),
  /** The sidebar and section structure. */
  navigation: NavigationSchema,
};

/**
 * The whole docs.json. Unknown top-level keys are kept (real files carry leftovers such as
 * `feedback`) and reported as warnings by `parseDocsJson`.
 */
export const DocsConfigSchema = z.looseObject(docsConfigShape);

/** A parsed docs.json. */
export type DocsConfig = z.output<typeof DocsConfigSchema>;
/** A site theme. */
export type Theme = z.output<typeof ThemeSchema>;
