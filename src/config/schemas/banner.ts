import { z } from 'zod';
import { LightDarkColorSchema } from './common.js';

/** A banner across the top of every page. */
export const BannerSchema = z.strictObject({
  /** Text of the banner; MDX is allowed. */
  content: z.string().min(1),
  /** Whether readers can close it. */
  dismissible: z.boolean().optional(),
  /** Visual style: `info` (brand colour), `warning` or `critical`. */
  type: z.enum(['info', 'warning', 'critical']).optional(),
  /** Background colours. */
  color: LightDarkColorSchema.optional(),
});

export type Banner = z.output<typeof BannerSchema>;
