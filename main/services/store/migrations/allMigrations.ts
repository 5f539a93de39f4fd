import type { Migration } from './Migration';
import { messageAttachmentsV2 } from './messageAttachmentsV2';
import { schemaV1 } from './schemaV1';
import { toolCallAppV3 } from './toolCallAppV3';

/** Every migration in order. Append only: a shipped migration is never edited. */
export const allMigrations: readonly Migration[] = [schemaV1, messageAttachmentsV2, toolCallAppV3];
