import type { Migration } from './Migration';

/**
 * Version 2: what the person attached to a message (server, URI, name, type, size, how it
 * went to the model) as a JSON array, so a reopened conversation shows the chips. The bytes
 * themselves are already in `content`. NULL for every older message.
 */
export const messageAttachmentsV2: Migration = {
  version: 2,
  name: 'message attachments',
  up: `ALTER TABLE messages ADD COLUMN attachments TEXT
    CHECK (attachments IS NULL OR (json_valid(attachments) AND json_type(attachments) = 'array'))`,
};
