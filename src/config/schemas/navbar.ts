import { z } from 'zod';
import { HrefSchema, IconSchema } from './common.js';

/** A link in the top bar. */
export const NavbarLinkSchema = z.strictObject({
  /** Text of the link; optional for `github` and `discord` links, which show a count. */
  label: z.string().optional(),
  /** Where it goes. */
  href: HrefSchema,
  /** Icon before the text. */
  icon: IconSchema.optional(),
  /** Kind of link: plain, or `github`/`discord` to show the repository stars or members. */
  type: z.string().optional(),
});

/** The call to action at the right of the top bar. */
export const NavbarPrimarySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('button'), label: z.string().min(1), href: HrefSchema }),
  z.strictObject({ type: z.literal('github'), label: z.string().optional(), href: HrefSchema }),
  z.strictObject({ type: z.literal('discord'), label: z.string().optional(), href: HrefSchema }),
]);

/** The top bar. */
export const NavbarSchema = z.strictObject({
  /** Links, left to right. */
  links: z.array(NavbarLinkSchema).optional(),
  /** The call to action. */
  primary: NavbarPrimarySchema.optional(),
});

export type Navbar = z.output<typeof NavbarSchema>;
