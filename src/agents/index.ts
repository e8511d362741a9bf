export { pageMarkdown, markdownOf } from './page-markdown.js';
export type { PageMarkdownOptions } from './page-markdown.js';
export { endpointMarkdown } from './endpoint-markdown.js';
export {
  endpointsByUrl,
  listedPages,
  llmsFullTxt,
  llmsTxt,
  markdownFileOf,
  pageMarkdownOf,
  robotsTxt,
  siteUrlOf,
  siteUrlsIn,
  sitemapXml,
} from './site-files.js';
export type { AgentFilesInput } from './site-files.js';
