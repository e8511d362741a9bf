import * as z from 'zod/mini';
import { HrefSchema, IconSchema } from './common.js';

/** A link in the top bar. */
export const NavbarLinkSchema = z.strictObject({
  /** Text of the link; optional for `github` and `discord` links, which show a count. */
  label: z.optional(z.string()),
  /** Where it goes. */
  href: HrefSchema,
  /** Icon before the text. */
  icon: z.optional(IconSchema),
  /** Kind of link: plain, or `github`/`discord` to show the repository stars or members. */
  type: z.optional(z.string()),
});

/** The call to action at the right of the top bar. */
export const NavbarPrimarySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('button'), label: z.string().check(z.minLength(1)), href: HrefSchema }),
  z.strictObject({ type: z.literal('github'), label: z.optional(z.string()), href: HrefSchema }),
  z.strictObject({ type: z.literal('discord'), label: z.optional(z.string()), href: HrefSchema }),
]);

/** The top bar. */
export const NavbarSchema = z.strictObject({
  /** Links, left to right. */
  links: z.optional(z.array(NavbarLinkSchema)),
  /** The call to action. */
  primary: z.optional(NavbarPrimarySchema),
});

export type Navbar = z.output<typeof NavbarSchema>;
