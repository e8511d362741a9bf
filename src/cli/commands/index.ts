import type { Command } from '../command.js';

/** Every `quire` subcommand, in the order `quire --help` lists them. */
export const commands: readonly Command[] = [];
