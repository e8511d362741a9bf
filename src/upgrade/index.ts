export { DOCS_JSON_SCHEMA_URL, upgradeMintJson } from './upgrade-mint-json.js';
export type { UpgradeDecision, UpgradeMintJsonOptions, UpgradeMintJsonResult } from './upgrade-mint-json.js';
