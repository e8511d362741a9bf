import { z } from 'zod';
import { HrefSchema } from './common.js';

/** A link in a footer column. */
export const FooterLinkSchema = z.strictObject({
  /** Text of the link. */
  label: z.string().min(1),
  /** Where it goes. */
  href: HrefSchema,
});

/** A column of footer links. */
export const FooterColumnSchema = z.strictObject({
  /** Title of the column. */
  header: z.string().optional(),
  /** Links, top to bottom. */
  items: z.array(FooterLinkSchema).min(1),
});

/** The footer of every page. */
export const FooterSchema = z.strictObject({
  /** Social profiles by network name (`x`, `github`, `linkedin`, ...) to their URL. */
  socials: z.record(z.string(), z.string().min(1)).optional(),
  /** Up to four columns of links. */
  links: z.array(FooterColumnSchema).min(1).max(4).optional(),
});

export type Footer = z.output<typeof FooterSchema>;
