import { z } from 'zod';
import { ApiSchema } from './api.js';
import {
  AppearanceSchema, BackgroundSchema, ColorsSchema, FaviconSchema, FontsSchema, IconsSchema, InteractionSchema, LogoSchema,
  StylingSchema, ThumbnailsSchema,
} from './appearance.js';
import { BannerSchema } from './banner.js';
import { FooterSchema } from './footer.js';
import { NavbarSchema } from './navbar.js';
import { NavigationSchema } from './navigation.js';
import {
  ContextualSchema, ErrorsSchema, IntegrationsSchema, MarkdownSchema, MetadataSchema, RedirectsSchema, SearchSchema, SeoSchema,
  VariablesSchema,
} from './site.js';

/** The site themes. */
export const ThemeSchema = z.enum(['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia']);

/** Every top-level property of docs.json and its schema. */
export const docsConfigShape = {
  /** URL of the JSON Schema, for editors. */
  $schema: z.string().optional(),
  /** Layout theme of the site. */
  theme: ThemeSchema,
  /** Name of the project or organisation. */
  name: z.string().trim().min(1),
  /** Brand colours. */
  colors: ColorsSchema,
  /** Site description, for search engines and AI. */
  description: z.string().optional(),
  /** Logo in the top-left corner. */
  logo: LogoSchema.optional(),
  /** Favicon. */
  favicon: FaviconSchema.optional(),
  /** API reference and playground settings. */
  api: ApiSchema.optional(),
  /** Light and dark mode. */
  appearance: AppearanceSchema.optional(),
  /** Page background. */
  background: BackgroundSchema.optional(),
  /** Top bar links and call to action. */
  navbar: NavbarSchema.optional(),
  /** Footer links and social profiles. */
  footer: FooterSchema.optional(),
  /** Search box. */
  search: SearchSchema.optional(),
  /** Search engine settings. */
  seo: SeoSchema.optional(),
  /** Fonts. */
  fonts: FontsSchema.optional(),
  /** Icon library. */
  icons: IconsSchema.optional(),
  /** Look of page elements. */
  styling: StylingSchema.optional(),
  /** Navigation behaviour. */
  interaction: InteractionSchema.optional(),
  /** Redirects; each source once. */
  redirects: RedirectsSchema.optional(),
  /** Analytics and chat integrations. */
  integrations: IntegrationsSchema.optional(),
  /** Banner on every page. */
  banner: BannerSchema.optional(),
  /** The 404 page. */
  errors: ErrorsSchema.optional(),
  /** Contextual menu of pages. */
  contextual: ContextualSchema.optional(),
  /** Social preview images. */
  thumbnails: ThumbnailsSchema.optional(),
  /** Page metadata. */
  metadata: MetadataSchema.optional(),
  /** Values for `{{name}}` placeholders in pages. */
  variables: VariablesSchema.optional(),
  /** Markdown served to AI agents. */
  markdown: MarkdownSchema.optional(),
  /** Whether the whole site is public when authentication is on. */
  public: z.boolean().optional(),
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
