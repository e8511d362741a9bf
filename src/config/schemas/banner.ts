import * as z from 'zod/mini';
import { LightDarkColorSchema } from './common.js';

/** A banner across the top of every page. */
export const BannerSchema = z.strictObject({
  /** Text of the banner; MDX is allowed. */
  content: z.string().check(z.minLength(1)),
  /** Whether readers can close it. */
  dismissible: z.optional(z.boolean()),
  /** Visual style: `info` (brand colour), `warning` or `critical`. */
  type: z.optional(z.enum(['info', 'warning', 'critical'])),
  /** Background colours. */
  color: z.optional(LightDarkColorSchema),
});

export type Banner = z.output<typeof BannerSchema>;
