import { z } from 'zod';
import { IconSchema } from './common.js';

/** A redirect from an old path to a new one. */
export const RedirectSchema = z.strictObject({
  /** Path that is redirected, such as `/old/:slug*`. */
  source: z.string().min(1),
  /** Path or URL it goes to. */
  destination: z.string().min(1),
  /** Whether the redirect is permanent (308) rather than temporary (307). */
  permanent: z.boolean().optional(),
});

/** Redirects; each source appears once. */
export const RedirectsSchema = z.array(RedirectSchema);

/** Search settings. */
export const SearchSchema = z.strictObject({
  /** Placeholder text of the search box. */
  prompt: z.string().optional(),
});

/** Search engine settings. */
export const SeoSchema = z.strictObject({
  /** Meta tags added to every page, by name. */
  metatags: z.record(z.string(), z.string()).optional(),
  /** Which pages are indexed: those in the navigation, or all. */
  indexing: z.enum(['navigable', 'all']).optional(),
  /** Meta tags for the pages under a folder. */
  paths: z.array(z.strictObject({ path: z.string().min(1), metatags: z.record(z.string(), z.string()) })).optional(),
  /** Organisation described in structured data. */
  organization: z.looseObject({}).optional(),
  /** Whether URLs end with a slash. */
  trailingSlash: z.boolean().optional(),
});

/** Page metadata settings. */
export const MetadataSchema = z.strictObject({
  /** Whether pages show their last-modified date. */
  timestamp: z.boolean().optional(),
});

/** The 404 page. */
export const ErrorsSchema = z.strictObject({
  '404': z.strictObject({
    /** Whether a missing page redirects to the home page. */
    redirect: z.boolean().optional(),
    /** Title of the 404 page. */
    title: z.string().optional(),
    /** Text of the 404 page. */
    description: z.string().optional(),
  }),
});

/** A custom entry of the contextual menu. */
const ContextualOptionSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string(),
  icon: IconSchema.optional(),
  href: z.union([z.string().min(1), z.strictObject({ base: z.string(), query: z.array(z.strictObject({ key: z.string(), value: z.string() })).optional() })]),
});

/** The contextual menu of a page (copy, open in an assistant, ...). */
export const ContextualSchema = z.strictObject({
  /** Built-in options by name (`copy`, `view`, `chatgpt`, `claude`, `mcp`, ...) or custom ones. */
  options: z.array(z.union([z.string().min(1), ContextualOptionSchema])),
  /** Where the menu is shown. */
  display: z.enum(['header', 'toc']).optional(),
});

/** Markdown served to AI agents. */
export const MarkdownSchema = z.strictObject({
  /** Whether the OpenAPI schema is included. */
  schema: z.boolean().optional(),
  /** Extra instructions for agents. */
  instructions: z.union([z.string(), z.array(z.string())]).optional(),
});

/** Analytics and chat integrations, by name; each has its own settings. */
export const IntegrationsSchema = z.strictObject(
  Object.fromEntries(
    [
      'adobe', 'amplitude', 'clarity', 'clearbit', 'cookies', 'fathom', 'frontchat', 'ga4', 'gtm', 'heap',
      'hightouch', 'hotjar', 'intercom', 'koala', 'logrocket', 'mixpanel', 'onetrust', 'pirsch', 'plausible',
      'posthog', 'segment', 'telemetry', 'transcend',
    ].map((name) => [name, z.looseObject({}).optional()]),
  ),
);

/** Values substituted for `{{name}}` in pages. */
export const VariablesSchema = z.record(z.string(), z.string());

export type Redirect = z.output<typeof RedirectSchema>;
