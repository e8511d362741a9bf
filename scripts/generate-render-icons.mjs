#!/usr/bin/env node
// Writes src/render/icons.generated.ts: the SVG bodies of the icons pages use most, from the icon
// sets installed as devDependencies (Lucide, ISC licence; Font Awesome Brands, CC BY 4.0), so that
// `<Icon>`, cards and callouts draw them inline without an icon font or a request. Other names
// render as a neutral dot (see src/render/icons.ts).
//   node scripts/generate-render-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
const load = (pkg) => JSON.parse(readFileSync(require.resolve(`${pkg}/icons.json`), 'utf8'));
const lucide = load('@iconify-json/lucide');
const brands = load('@iconify-json/fa7-brands');

// Font Awesome names (the platform's default library) whose Lucide icon has another name.
const FONT_AWESOME_TO_LUCIDE = {
  gear: 'settings',
  gears: 'settings',
  'magnifying-glass': 'search',
  'file-lines': 'file-text',
  'circle-xmark': 'circle-x',
  xmark: 'x',
  'diagram-project': 'workflow',
  'hand-pointer': 'pointer',
  'circle-info': 'info',
  sliders: 'sliders-horizontal',
  'puzzle-piece': 'puzzle',
  'layer-group': 'layers',
  bolt: 'zap',
  robot: 'bot',
  'code-branch': 'git-branch',
  'circle-question': 'circle-help',
  'triangle-exclamation': 'triangle-alert',
  'circle-exclamation': 'circle-alert',
  'arrow-up-right-from-square': 'external-link',
  'square-check': 'square-check',
  'ellipsis-vertical': 'ellipsis-vertical',
  'pen-to-square': 'square-pen',
  pen: 'pen',
  'wand-magic-sparkles': 'wand-sparkles',
  'screwdriver-wrench': 'wrench',
  'shield-halved': 'shield',
  'money-bill': 'banknote',
  'credit-card': 'credit-card',
  envelope: 'mail',
  'comment-dots': 'message-circle-more',
  comments: 'messages-square',
  comment: 'message-circle',
  'user-group': 'users',
  'chart-bar': 'chart-column',
  'chart-pie': 'chart-pie',
  'file-code': 'file-code',
  house: 'house',
  'earth-americas': 'earth',
  'table-list': 'table',
  'list-check': 'list-checks',
  'right-left': 'arrow-left-right',
  'arrows-rotate': 'refresh-cw',
  rotate: 'rotate-cw',
  'cloud-arrow-up': 'cloud-upload',
  'cloud-arrow-down': 'cloud-download',
  'book-open-reader': 'book-open',
  'circle-play': 'circle-play',
  'square-terminal': 'square-terminal',
  microchip: 'cpu',
  'sack-dollar': 'hand-coins',
  'paper-plane': 'send',
  'gauge-high': 'gauge',
  'clock-rotate-left': 'history',
  headset: 'headset',
  flask: 'flask-conical',
  stars: 'sparkles',
  'face-smile': 'smile',
  'trash-can': 'trash-2',
  'box-archive': 'archive',
  bullhorn: 'megaphone',
  lightbulb: 'lightbulb',
  bug: 'bug',
  blog: 'rss',
};

// The names corpus pages use most (`icon="..."`), and those the components draw themselves.
const NAMES = `github download link cloud code python image book database chart-line terminal rocket magnifying-glass play js key server
file-lines book-open bolt robot badge-check hand-pointer shield-check coins square-js globe check gear circle-xmark plug cube video route
layer-group users circle-info sliders diagram-project circle-check shield puzzle-piece react node list percent calendar lock clock building
xmark code-branch ellipsis-vertical square-check arrow-up-right-from-square settings blog trash trash-2 plus x mobile apple android sack-dollar
star user users circle-question triangle-exclamation circle-exclamation envelope comments comment credit-card money-bill pen-to-square pen
wand-magic-sparkles screwdriver-wrench wrench hammer sparkles bell eye folder folder-open file file-code flag heart house home map-pin
message-circle newspaper palette paintbrush phone pencil list-check table table-list arrow-right arrow-left arrow-up arrow-down chevron-right
chevron-down chevron-left copy info lightbulb triangle-alert circle-alert octagon-alert external-link docker aws google microsoft slack discord
npm node-js rust golang java php swift x-twitter linkedin youtube stripe figma gitlab bitbucket openai hashtag at filter funnel layers box
boxes package webhook api brain bot workflow gauge history send earth sliders-horizontal refresh-cw upload cloud-arrow-up cloud-arrow-down
laptop monitor desktop tag tags ticket wallet receipt cart-shopping shopping-cart store truck graduation-cap school flask bug cpu microchip
gauge-high headset megaphone bullhorn zap search grid layout-grid list-ol pointer mouse-pointer hand arrow-pointer bookmark rss paper-plane
question circle-play square-terminal face-smile smile rotate arrows-rotate right-left chart-bar chart-pie life-ring handshake scale
calendar-days sun moon toggle-on code-compare merge git-branch git-merge git-pull-request infinity fingerprint id-card passport certificate`
  .split(/\s+/)
  .filter(Boolean);

const icons = {};
for (const name of [...new Set(NAMES)].sort()) {
  const lucideName = lucide.icons[name] || lucide.aliases?.[name] ? name : FONT_AWESOME_TO_LUCIDE[name];
  const lucideIcon = lucideName && (lucide.icons[lucideName] ?? lucide.icons[lucide.aliases?.[lucideName]?.parent]);
  // A brand name is Font Awesome's brand (`apple` is the company, as on the platform, not the fruit).
  if (brands.icons[name]) icons[name] = { body: brands.icons[name].body, box: `0 0 ${brands.icons[name].width ?? brands.width} ${brands.height}` };
  else if (lucideIcon) icons[name] = { body: lucideIcon.body, box: '0 0 24 24' };
}

const text = `// Generated by scripts/generate-render-icons.mjs; do not edit.
// Lucide (ISC licence, https://lucide.dev) and Font Awesome Brands 7 (CC BY 4.0, https://fontawesome.com):
// ${Object.keys(icons).length} icons. Font Awesome names whose Lucide icon is named otherwise are drawn with it.

/** SVG contents and view box by icon name. */
export const ICONS: Readonly<Record<string, { body: string; box: string }>> = {
${Object.entries(icons)
  .map(([name, icon]) => `  ${JSON.stringify(name)}: ${JSON.stringify(icon)},`)
  .join('\n')}
};
`;
writeFileSync(path.join(root, 'src/render/icons.generated.ts'), text);
console.log(`${Object.keys(icons).length} icons`);
