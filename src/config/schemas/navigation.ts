import * as z from 'zod/mini';
import {
  AsyncApiSchema,
  GraphQlSchema,
  HiddenSchema,
  HrefSchema,
  IconSchema,
  LightDarkColorSchema,
  OpenApiSchema,
  PagePathSchema,
  SdkSchema,
} from './common.js';
import { BannerSchema } from './banner.js';
import { FooterSchema } from './footer.js';
import { NavbarSchema } from './navbar.js';

/**
 * Language codes a `languages` element may use: the platform's documented codes plus the ones
 * real sites use (`zh`, `ja`, `pt`, `uk`, ...).
 */
export const LANGUAGE_CODES = [
  'ar',
  'ca',
  'cn',
  'cs',
  'da',
  'de',
  'en',
  'es',
  'fi',
  'fr',
  'fr-CA',
  'he',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'jp',
  'ko',
  'lv',
  'nl',
  'no',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sv',
  'tr',
  'ua',
  'uk',
  'uz',
  'vi',
  'zh',
  'zh-Hans',
  'zh-Hant',
  'zh-CN',
  'zh-TW',
] as const;

/** A language code of a `languages` element. */
export const LanguageCodeSchema = z.enum(LANGUAGE_CODES);

/** How the pages under a group root are listed when the root page has no content of its own. */
const DirectorySchema = z.enum(['none', 'accordion', 'card']);

/** Fields every section element (tab, anchor, dropdown, product, version, language, menu item) may carry. */
const sectionFields = {
  /** Icon shown next to the label. */
  icon: z.optional(IconSchema),
  /** Leaves the element out of the navigation; its pages still build. */
  hidden: z.optional(HiddenSchema),
  /** Makes the element a link instead of a section: an external URL or a page path. */
  href: z.optional(HrefSchema),
  /** OpenAPI document(s) for this element and its children. */
  openapi: z.optional(OpenApiSchema),
  /** AsyncAPI document(s) for this element and its children. */
  asyncapi: z.optional(AsyncApiSchema),
  /** How group roots below list their pages. */
  directory: z.optional(DirectorySchema),
};

/** The child lists a section element may hold (exactly one of them; `global` besides). */
export interface SectionChildren {
  languages?: Language[];
  versions?: Version[];
  tabs?: Tab[];
  dropdowns?: Dropdown[];
  anchors?: Anchor[];
  products?: Product[];
  groups?: Group[];
  pages?: PageEntry[];
  global?: GlobalNavigation;
}

/** Schemas of a list of `T`; written out so that TypeScript does not chase the recursion. */
type ListShape<T> = { [K in keyof T]-?: z.ZodMiniOptional<z.ZodMiniType<NonNullable<T[K]>>> };

// The child lists refer to schemas defined below; z.lazy defers the lookup to parse time.
const childFields: ListShape<SectionChildren> = {
  languages: z.optional(z.lazy(() => z.array(LanguageSchema))),
  versions: z.optional(z.lazy(() => z.array(VersionSchema))),
  tabs: z.optional(z.lazy(() => z.array(TabSchema))),
  dropdowns: z.optional(z.lazy(() => z.array(DropdownSchema))),
  anchors: z.optional(z.lazy(() => z.array(AnchorSchema))),
  products: z.optional(z.lazy(() => z.array(ProductSchema))),
  groups: z.optional(z.lazy(() => z.array(GroupSchema))),
  pages: z.optional(z.lazy(() => z.array(PageEntrySchema))),
  global: z.optional(z.lazy(() => GlobalSchema)),
};

const menuField: ListShape<{ menu?: MenuItem[] }> = {
  menu: z.optional(z.lazy(() => z.array(MenuItemSchema))),
};

/** The fields of a group other than its pages. */
const GroupFieldsSchema = z.strictObject({
  /** Title shown above the pages. */
  group: z.string().check(z.minLength(1)),
  /** Icon shown next to the title. */
  icon: z.optional(IconSchema),
  /** Small badge after the title, such as `NEW`. */
  tag: z.optional(z.string()),
  /** Page opened when the title is clicked. */
  root: z.optional(PagePathSchema),
  /** Whether a nested group starts open; top-level groups are always open. */
  expanded: z.optional(z.boolean()),
  /** Leaves the group out of the navigation; its pages still build. */
  hidden: z.optional(HiddenSchema),
  /** Whether the group's pages appear in search results. */
  searchable: z.optional(z.boolean()),
  /** Whether the group's pages are visible without signing in. */
  public: z.optional(z.boolean()),
  /** Search ranking multiplier for the group's pages. */
  boost: z.optional(z.number()),
  /** OpenAPI document(s) for the group's endpoint references. */
  openapi: z.optional(OpenApiSchema),
  /** AsyncAPI document(s) for the group's channel references. */
  asyncapi: z.optional(AsyncApiSchema),
  /** How the group root lists its pages. */
  directory: z.optional(DirectorySchema),
  /** SDK reference pages generated into the group. */
  sdk: z.optional(SdkSchema),
});

/** A group of pages in the sidebar; groups nest inside `pages`. */
export type Group = z.output<typeof GroupFieldsSchema> & {
  /** Pages and nested groups, in sidebar order. Absent only on a group with `openapi`, which lists every operation. */
  pages?: PageEntry[];
};

/**
 * One entry of `pages`: a page path, an endpoint reference (`GET /users`,
 * `openapi.yaml GET /users`), a webhook reference (`webhook user.created`), or a nested group.
 */
export type PageEntry = string | Group;

/** A group of pages in the sidebar; groups nest inside `pages`. */
export const GroupSchema = z.extend(GroupFieldsSchema, {
  /** Pages and nested groups, in sidebar order. Optional only when `openapi` lists the operations. */
  pages: z.optional(z.lazy(() => z.array(PageEntrySchema))),
});

/** One entry of `pages`: a page path or a nested group. */
export const PageEntrySchema: z.ZodMiniType<PageEntry> = z.union([PagePathSchema, z.lazy(() => GroupSchema)]);

const MenuItemFieldsSchema = z.strictObject({
  /** Label of the entry. */
  item: z.string().check(z.minLength(1)),
  /** One line under the label. */
  description: z.optional(z.string()),
  ...sectionFields,
});

/**
 * An entry of a tab's dropdown menu: it holds groups or pages (or, since the platform's newest
 * schema, any section list: tabs, anchors, ...), or is an external link.
 */
export type MenuItem = z.output<typeof MenuItemFieldsSchema> & SectionChildren;

/** An entry of a tab's dropdown menu: it holds groups, pages or other sections, or is an external link. */
export const MenuItemSchema = z.extend(MenuItemFieldsSchema, { ...childFields });

/** A top-level section shown as a tab. */
const TabFieldsSchema = z.strictObject({
  /** Label of the tab. */
  tab: z.string().check(z.minLength(1)),
  /** Whether the tab sits at the start or the end of the tab bar. */
  align: z.optional(z.enum(['start', 'end'])),
  /** Whether the tab's pages appear in search results. */
  searchable: z.optional(z.boolean()),
  /** GraphQL schema whose reference pages the tab holds. */
  graphql: z.optional(GraphQlSchema),
  /** SDK reference pages generated into the tab. */
  sdk: z.optional(SdkSchema),
  ...sectionFields,
});

/** A top-level section shown as a tab. */
export type Tab = z.output<typeof TabFieldsSchema> & SectionChildren & { menu?: MenuItem[] };

/** A top-level section shown as a tab. */
export const TabSchema = z.extend(TabFieldsSchema, { ...childFields, ...menuField });

/** A section shown as a link at the top of the sidebar. */
const AnchorFieldsSchema = z.strictObject({
  /** Label of the anchor. */
  anchor: z.string().check(z.minLength(1)),
  /** Colour of the anchor's icon. */
  color: z.optional(LightDarkColorSchema),
  ...sectionFields,
});

/** A section shown as a link at the top of the sidebar. */
export type Anchor = z.output<typeof AnchorFieldsSchema> & SectionChildren;

/** A section shown as a link at the top of the sidebar. */
export const AnchorSchema = z.extend(AnchorFieldsSchema, { ...childFields });

/** A section chosen from a dropdown at the top of the sidebar. */
const DropdownFieldsSchema = z.strictObject({
  /** Label of the dropdown entry. */
  dropdown: z.string().check(z.minLength(1)),
  /** One line under the label. */
  description: z.optional(z.string()),
  /** Colour of the entry's icon. */
  color: z.optional(LightDarkColorSchema),
  ...sectionFields,
});

/** A section chosen from a dropdown at the top of the sidebar. */
export type Dropdown = z.output<typeof DropdownFieldsSchema> & SectionChildren;

/** A section chosen from a dropdown at the top of the sidebar. */
export const DropdownSchema = z.extend(DropdownFieldsSchema, { ...childFields });

/** A product of a multi-product site, chosen from the product switcher. */
const ProductFieldsSchema = z.strictObject({
  /** Name of the product. */
  product: z.string().check(z.minLength(1)),
  /** Longer display name. */
  name: z.optional(z.string()),
  /** One line under the name. */
  description: z.optional(z.string()),
  /** Colour of the product's icon. */
  color: z.optional(LightDarkColorSchema),
  ...sectionFields,
});

/** A product of a multi-product site, chosen from the product switcher. */
export type Product = z.output<typeof ProductFieldsSchema> & SectionChildren & { menu?: MenuItem[] };

/** A product of a multi-product site, chosen from the product switcher. */
export const ProductSchema = z.extend(ProductFieldsSchema, { ...childFields, ...menuField });

/** A version of the docs, chosen from the version switcher. */
const VersionFieldsSchema = z.strictObject({
  /** Name of the version, such as `v2`. */
  version: z.string().check(z.minLength(1)),
  /** Whether this version is shown first. At most one version is the default. */
  default: z.optional(z.boolean()),
  /** Badge next to the version name, such as `Latest`. */
  tag: z.optional(z.string()),
  ...sectionFields,
});

/** A version of the docs, chosen from the version switcher. */
export type Version = z.output<typeof VersionFieldsSchema> & SectionChildren;

/** A version of the docs, chosen from the version switcher. */
export const VersionSchema = z.extend(VersionFieldsSchema, { ...childFields });

/** A translation of the docs, chosen from the language switcher. */
const LanguageFieldsSchema = z.strictObject({
  /** Language code. */
  language: LanguageCodeSchema,
  /** Whether this language is shown first. */
  default: z.optional(z.boolean()),
  /** Banner shown on this language's pages. */
  banner: z.optional(BannerSchema),
  /** Footer of this language's pages. */
  footer: z.optional(FooterSchema),
  /** Navbar of this language's pages. */
  navbar: z.optional(NavbarSchema),
  ...sectionFields,
});

/** A translation of the docs, chosen from the language switcher. */
export type Language = z.output<typeof LanguageFieldsSchema> & SectionChildren;

/** A translation of the docs, chosen from the language switcher. */
export const LanguageSchema = z.extend(LanguageFieldsSchema, { ...childFields });

/** An anchor shown on every page whatever the section; it must link somewhere. */
export const GlobalAnchorSchema = z.strictObject({
  /** Label of the anchor. */
  anchor: z.string().check(z.minLength(1)),
  /** External URL or page path it links to. */
  href: HrefSchema,
  /** Icon shown next to the label. */
  icon: z.optional(IconSchema),
  /** Colour of the icon. */
  color: z.optional(LightDarkColorSchema),
  /** Leaves the anchor out of the navigation. */
  hidden: z.optional(HiddenSchema),
  /** How group roots below list their pages. */
  directory: z.optional(DirectorySchema),
});

/** Fields of a link-only element in `global`. */
const globalLinkFields = {
  /** External URL or page path it links to. */
  href: HrefSchema,
  icon: z.optional(IconSchema),
  hidden: z.optional(HiddenSchema),
  /** How group roots below list their pages. */
  directory: z.optional(DirectorySchema),
};

/** Navigation shown on every page whatever the section (`navigation.global`). */
export const GlobalSchema = z.strictObject({
  /** Anchors on every page. */
  anchors: z.optional(z.array(GlobalAnchorSchema)),
  /** Tabs that link elsewhere, on every page. */
  tabs: z.optional(
    z.array(
      z.strictObject({
        tab: z.string().check(z.minLength(1)),
        /** Whether the tab sits at the start or the end of the tab bar. */
        align: z.optional(z.enum(['start', 'end'])),
        searchable: z.optional(z.boolean()),
        ...globalLinkFields,
      }),
    ),
  ),
  /** Dropdown entries that link elsewhere, on every page. */
  dropdowns: z.optional(
    z.array(
      z.strictObject({
        dropdown: z.string().check(z.minLength(1)),
        description: z.optional(z.string()),
        color: z.optional(LightDarkColorSchema),
        ...globalLinkFields,
      }),
    ),
  ),
  /** Products that link elsewhere, on every page. */
  products: z.optional(
    z.array(
      z.strictObject({
        product: z.string().check(z.minLength(1)),
        name: z.optional(z.string()),
        description: z.optional(z.string()),
        color: z.optional(LightDarkColorSchema),
        ...globalLinkFields,
      }),
    ),
  ),
  /** Versions that link elsewhere, on every page. */
  versions: z.optional(
    z.array(
      z.strictObject({
        version: z.string().check(z.minLength(1)),
        default: z.optional(z.boolean()),
        tag: z.optional(z.string()),
        ...globalLinkFields,
      }),
    ),
  ),
  /** Languages that link elsewhere, on every page. */
  languages: z.optional(
    z.array(
      z.strictObject({
        language: LanguageCodeSchema,
        default: z.optional(z.boolean()),
        banner: z.optional(BannerSchema),
        footer: z.optional(FooterSchema),
        navbar: z.optional(NavbarSchema),
        ...globalLinkFields,
      }),
    ),
  ),
});

/** The `navigation` object: exactly one root-level element list, plus `global`. */
export const NavigationSchema = z.strictObject({
  /** OpenAPI document(s) for the whole navigation. */
  openapi: z.optional(OpenApiSchema),
  /** AsyncAPI document(s) for the whole navigation. */
  asyncapi: z.optional(AsyncApiSchema),
  /** How group roots list their pages. */
  directory: z.optional(DirectorySchema),
  ...childFields,
});

export type LanguageCode = z.output<typeof LanguageCodeSchema>;
export type GlobalNavigation = z.output<typeof GlobalSchema>;
export type Navigation = z.output<typeof NavigationSchema>;
