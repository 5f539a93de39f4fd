import type { Migration } from './Migration';
import { messageAttachmentsV2 } from './messageAttachmentsV2';
import { messageProviderV3 } from './messageProviderV3';
import { schemaV1 } from './schemaV1';
import { toolSearchV4 } from './toolSearchV4';

/** Every migration in order. Append only: a shipped migration is never edited. */
export const allMigrations: readonly Migration[] = [
  schemaV1,
  messageAttachmentsV2,
  messageProviderV3,
  toolSearchV4,
];
