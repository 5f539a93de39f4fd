import type { Migration } from './Migration';

/**
 * Version 8: why a reply failed, as a message key and values (JSON of a HostText), next to
 * the English `error_message`, so a reopened conversation shows it in the window's language.
 * NULL for older messages and for errors in foreign words.
 */
export const messageErrorTextV8: Migration = {
  version: 8,
  name: 'message error text',
  up: `ALTER TABLE messages ADD COLUMN error_text TEXT
    CHECK (error_text IS NULL OR (json_valid(error_text) AND json_type(error_text) = 'object'))`,
};
