export { migrateMdx } from './migrate-mdx.js';
export type { KeptPage, MigrateMdxInput, MigrateMdxOptions, MigrationPlan, MovedPage, PlannedChange, PlannedExtension, RewrittenEntry } from './types.js';
