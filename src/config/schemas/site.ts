import * as z from 'zod/mini';
import { IconSchema } from './common.js';

/** A redirect from an old path to a new one. */
export const RedirectSchema = z.strictObject({
  /** Path that is redirected, such as `/old/:slug*`. */
  source: z.string().check(z.minLength(1)),
  /** Path or URL it goes to. */
  destination: z.string().check(z.minLength(1)),
  /** Whether the redirect is permanent (308) rather than temporary (307). */
  permanent: z.optional(z.boolean()),
});

/** Redirects; each source appears once. */
export const RedirectsSchema = z.array(RedirectSchema);

/** Search settings. */
export const SearchSchema = z.strictObject({
  /** Placeholder text of the search box. */
  prompt: z.optional(z.string()),
});

/** Search engine settings. */
export const SeoSchema = z.strictObject({
  /** Meta tags added to every page, by name. */
  metatags: z.optional(z.record(z.string(), z.string())),
  /** Which pages are indexed: those in the navigation, or all. */
  indexing: z.optional(z.enum(['navigable', 'all'])),
  /** Meta tags for the pages under a folder. */
  paths: z.optional(z.array(z.strictObject({ path: z.string().check(z.minLength(1)), metatags: z.record(z.string(), z.string()) }))),
  /** Organisation described in structured data (JSON-LD) on every page. */
  organization: z.optional(
    z.strictObject({
      /** Stable `@id` URL of the organisation; defaults to `<site>/#organization`. */
      id: z.optional(z.string()),
      /** Name; defaults to the site name. */
      name: z.optional(z.string().check(z.minLength(1))),
      /** Registered legal name. */
      legalName: z.optional(z.string().check(z.minLength(1))),
      /** Homepage URL. */
      url: z.optional(z.string()),
      /** Logo URL; defaults to the docs logo. */
      logo: z.optional(z.string()),
      /** URLs of official profiles. */
      sameAs: z.optional(z.array(z.string())),
    }),
  ),
  /** Whether URLs end with a slash. */
  trailingSlash: z.optional(z.boolean()),
});

/** Page metadata settings. */
export const MetadataSchema = z.strictObject({
  /** Whether pages show their last-modified date. */
  timestamp: z.optional(z.boolean()),
});

/** The 404 page. */
export const ErrorsSchema = z.strictObject({
  '404': z.strictObject({
    /** Whether a missing page redirects to the home page. */
    redirect: z.optional(z.boolean()),
    /** Title of the 404 page. */
    title: z.optional(z.string()),
    /** Text of the 404 page. */
    description: z.optional(z.string()),
  }),
});

/** A custom entry of the contextual menu. */
const ContextualOptionSchema = z.strictObject({
  title: z.string().check(z.minLength(1)),
  description: z.string(),
  icon: z.optional(IconSchema),
  href: z.union([
    z.string().check(z.minLength(1)),
    z.strictObject({ base: z.string(), query: z.optional(z.array(z.strictObject({ key: z.string(), value: z.string() }))) }),
  ]),
});

/** The contextual menu of a page (copy, open in an assistant, ...). */
export const ContextualSchema = z.strictObject({
  /** Built-in options by name (`copy`, `view`, `chatgpt`, `claude`, `mcp`, ...) or custom ones. */
  options: z.array(z.union([z.string().check(z.minLength(1)), ContextualOptionSchema])),
  /** Where the menu is shown. */
  display: z.optional(z.enum(['header', 'toc'])),
});

/** Markdown served to AI agents. */
export const MarkdownSchema = z.strictObject({
  /** Whether the OpenAPI schema is included. */
  schema: z.optional(z.boolean()),
  /** Extra instructions for agents. */
  instructions: z.optional(z.union([z.string(), z.array(z.string())])),
});

/** Analytics and chat integrations, by name; each has its own settings. */
export const IntegrationsSchema = z.strictObject(
  Object.fromEntries(
    [
      'adobe',
      'amplitude',
      'clarity',
      'clearbit',
      'cookies',
      'fathom',
      'frontchat',
      'ga4',
      'gtm',
      'heap',
      'hightouch',
      'hotjar',
      'intercom',
      'koala',
      'logrocket',
      'mixpanel',
      'onetrust',
      'pirsch',
      'plausible',
      'posthog',
      'segment',
      'telemetry',
      'transcend',
    ].map((name) => [name, z.optional(z.looseObject({}))]),
  ),
);

/** Values substituted for `{{name}}` in pages. */
export const VariablesSchema = z.record(z.string(), z.string());

export type Redirect = z.output<typeof RedirectSchema>;

/** Variants of the content a reader can switch between (the willow theme only). */
export const VariationsSchema = z.strictObject({
  /** The variants in display order; the first is the default. */
  options: z
    .array(
      z.strictObject({
        /** Stable identifier, unique in the list. */
        id: z.string().check(z.trim(), z.minLength(1)),
        /** Label shown in the switcher. */
        label: z.string().check(z.trim(), z.minLength(1)),
      }),
    )
    .check(z.minLength(1)),
});
