import * as z from 'zod/mini';
import { AsyncApiSchema, OpenApiSchema } from './common.js';

/** How the API playground is shown on endpoint pages. */
export const PlaygroundDisplaySchema = z.enum(['interactive', 'simple', 'none', 'auth']);

/** API reference settings. */
export const ApiSchema = z.strictObject({
  /** OpenAPI document(s) for the whole site. */
  openapi: z.optional(OpenApiSchema),
  /** AsyncAPI document(s) for the whole site. */
  asyncapi: z.optional(AsyncApiSchema),
  /** How parameters are shown. */
  params: z.optional(
    z.strictObject({
      /** Whether nested parameters start open (`all`) or closed. */
      expanded: z.optional(z.enum(['all', 'closed'])),
      /** Schema fields (such as `x-internal`) whose values are shown as pills after each parameter. */
      post: z.optional(z.array(z.string())),
    }),
  ),
  /** The interactive playground. */
  playground: z.optional(
    z.strictObject({
      /** `interactive` (send requests), `simple` (copyable URL), `none`, or `auth` (signed-in members only). */
      display: z.optional(PlaygroundDisplaySchema),
      /** Whether requests go through the platform's proxy to avoid CORS problems. */
      proxy: z.optional(z.boolean()),
      /** Whether the proxy forwards cookies and credentials. */
      credentials: z.optional(z.boolean()),
    }),
  ),
  /** Generated code examples. */
  examples: z.optional(
    z.strictObject({
      /** Languages of the generated snippets, in tab order. */
      languages: z.optional(z.array(z.string())),
      /** Whether examples include optional parameters (`all`) or only required ones. */
      defaults: z.optional(z.enum(['required', 'all'])),
      /** Whether the playground is prefilled from the examples. */
      prefill: z.optional(z.boolean()),
      /** Whether snippets are generated at all. */
      autogenerate: z.optional(z.boolean()),
    }),
  ),
  /** `full` shows the full URL (with the server) at the top of endpoint pages. */
  url: z.optional(z.enum(['full'])),
  /** Settings for endpoint pages written in MDX without an OpenAPI document. */
  mdx: z.optional(
    z.strictObject({
      /** Authentication the playground asks for. */
      auth: z.optional(z.strictObject({ method: z.optional(z.enum(['bearer', 'basic', 'key', 'cobo'])), name: z.optional(z.string()) })),
      /** Base URL(s) requests go to. */
      server: z.optional(z.union([z.string(), z.array(z.string())])),
    }),
  ),
});

export type Api = z.output<typeof ApiSchema>;
