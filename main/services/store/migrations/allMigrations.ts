import type { Migration } from './Migration';
import { messageAttachmentsV2 } from './messageAttachmentsV2';
import { messageProviderV5 } from './messageProviderV5';
import { messageBranchesV7 } from './messageBranchesV7';
import { messageBranchSeenV9 } from './messageBranchSeenV9';
import { messageErrorTextV8 } from './messageErrorTextV8';
import { schemaV1 } from './schemaV1';
import { tasksV3 } from './tasksV3';
import { toolCallAppV4 } from './toolCallAppV4';
import { toolSearchV6 } from './toolSearchV6';

/** Every migration in order. Append only: a shipped migration is never edited. */
export const allMigrations: readonly Migration[] = [
  schemaV1,
  messageAttachmentsV2,
  tasksV3,
  toolCallAppV4,
  messageProviderV5,
  toolSearchV6,
  messageBranchesV7,
  messageErrorTextV8,
  messageBranchSeenV9,
];
