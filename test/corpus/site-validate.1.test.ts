import { validateCorpusPart } from './site-validate-sites.js';

// The corpus sites of part 1 (see site-validate-sites.ts): one file a part, so that the parts run side by side.
validateCorpusPart(1);
