import { z } from 'zod';
import { AsyncApiSchema, OpenApiSchema } from './common.js';

/** How the API playground is shown on endpoint pages. */
export const PlaygroundDisplaySchema = z.enum(['interactive', 'simple', 'none', 'auth']);

/** API reference settings. */
export const ApiSchema = z.strictObject({
  /** OpenAPI document(s) for the whole site. */
  openapi: OpenApiSchema.optional(),
  /** AsyncAPI document(s) for the whole site. */
  asyncapi: AsyncApiSchema.optional(),
  /** How parameters are shown. */
  params: z
    .strictObject({
      /** Whether nested parameters start open (`all`) or closed. */
      expanded: z.enum(['all', 'closed']).optional(),
    })
    .optional(),
  /** The interactive playground. */
  playground: z
    .strictObject({
      /** `interactive` (send requests), `simple` (copyable URL), `none`, or `auth` (signed-in members only). */
      display: PlaygroundDisplaySchema.optional(),
      /** Whether requests go through the platform's proxy to avoid CORS problems. */
      proxy: z.boolean().optional(),
      /** Whether the proxy forwards cookies and credentials. */
      credentials: z.boolean().optional(),
    })
    .optional(),
  /** Generated code examples. */
  examples: z
    .strictObject({
      /** Languages of the generated snippets, in tab order. */
      languages: z.array(z.string()).optional(),
      /** Whether examples include optional parameters (`all`) or only required ones. */
      defaults: z.enum(['required', 'all']).optional(),
      /** Whether the playground is prefilled from the examples. */
      prefill: z.boolean().optional(),
      /** Whether snippets are generated at all. */
      autogenerate: z.boolean().optional(),
    })
    .optional(),
  /** `full` shows the full URL (with the server) at the top of endpoint pages. */
  url: z.enum(['full']).optional(),
  /** Settings for endpoint pages written in MDX without an OpenAPI document. */
  mdx: z
    .strictObject({
      /** Authentication the playground asks for. */
      auth: z.strictObject({ method: z.enum(['bearer', 'basic', 'key', 'cobo']).optional(), name: z.string().optional() }).optional(),
      /** Base URL(s) requests go to. */
      server: z.union([z.string(), z.array(z.string())]).optional(),
    })
    .optional(),
});

export type Api = z.output<typeof ApiSchema>;
