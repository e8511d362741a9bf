import * as z from 'zod/mini';
import { HrefSchema } from './common.js';

/** A link in a footer column. */
export const FooterLinkSchema = z.strictObject({
  /** Text of the link. */
  label: z.string().check(z.minLength(1)),
  /** Where it goes. */
  href: HrefSchema,
});

/** A column of footer links. */
export const FooterColumnSchema = z.strictObject({
  /** Title of the column. */
  header: z.optional(z.string()),
  /** Links, top to bottom. */
  items: z.array(FooterLinkSchema).check(z.minLength(1)),
});

/** The footer of every page. */
export const FooterSchema = z.strictObject({
  /** Social profiles by network name (`x`, `github`, `linkedin`, ...) to their URL. */
  socials: z.optional(z.record(z.string(), z.string().check(z.minLength(1)))),
  /** Up to four columns of links. */
  links: z.optional(z.array(FooterColumnSchema).check(z.minLength(1), z.maxLength(4))),
});

export type Footer = z.output<typeof FooterSchema>;
