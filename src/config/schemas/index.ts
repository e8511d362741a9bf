export { DocsConfigSchema, ThemeSchema } from './docs-config.js';
export type { DocsConfig, Theme } from './docs-config.js';
export {
  AnchorSchema,
  DropdownSchema,
  GlobalSchema,
  GroupSchema,
  LANGUAGE_CODES,
  LanguageSchema,
  MenuItemSchema,
  NavigationSchema,
  PageEntrySchema,
  ProductSchema,
  TabSchema,
  VersionSchema,
} from './navigation.js';
export type {
  Anchor,
  Dropdown,
  GlobalNavigation,
  Group,
  Language,
  LanguageCode,
  MenuItem,
  Navigation,
  PageEntry,
  Product,
  Tab,
  Version,
} from './navigation.js';
export type { OpenApiReference, Icon, HexColor } from './common.js';
