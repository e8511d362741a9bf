// `node --import ./hide-packages.mjs`: the packages named in QUIRE_HIDE_PACKAGES (comma-separated)
// cannot be found, as on a machine where they were never installed.
import { register } from 'node:module';

register('./hide-packages-hook.mjs', import.meta.url);
