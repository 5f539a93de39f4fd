import type { Migration } from './Migration';

/**
 * Version 5: which provider wrote each assistant message, next to its model, now that models
 * come from several providers. Every message written before is Claude's: those with a model
 * get `anthropic`. Token usage rows say the same.
 */
export const messageProviderV5: Migration = {
  version: 5,
  name: 'message provider',
  up: `
ALTER TABLE messages ADD COLUMN provider TEXT;
UPDATE messages SET provider = 'anthropic' WHERE model IS NOT NULL;
ALTER TABLE token_usage ADD COLUMN provider TEXT;
UPDATE token_usage SET provider = 'anthropic' WHERE model IS NOT NULL;
`,
};
