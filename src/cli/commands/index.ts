import type { Command } from '../command.js';
import { buildCommand } from './build.js';
import { conversationsCommand } from './conversations.js';
import { devCommand } from './dev.js';
import { initCommand } from './init.js';
import { keysCommand } from './keys.js';
import { mcpCommand } from './mcp.js';
import { migrateMdxCommand } from './migrate-mdx.js';
import { openApiFileCommand } from './openapi-file.js';
import { serveCommand } from './serve.js';
import { upgradeCommand } from './upgrade.js';
import { validateCommand } from './validate.js';

/** Every `quire` subcommand, in the order `quire --help` lists them. */
export const commands: readonly Command[] = [
  validateCommand,
  buildCommand,
  devCommand,
  mcpCommand,
  openApiFileCommand,
  migrateMdxCommand,
  upgradeCommand,
  initCommand,
  keysCommand,
  conversationsCommand,
  serveCommand,
];
