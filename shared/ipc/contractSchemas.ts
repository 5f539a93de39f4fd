import { z } from 'zod';
import { measureJson } from './measureJson';

/** Small schemas the contract's parts share: ids, names, bounded arguments. */
export const empty = z.object({}).strict();
export const conversationId = z.string().min(1).max(200);
export const serverName = z.string().min(1).max(200);
export const jsonObject = z.record(z.string(), z.unknown());
export const server = z.object({ server: serverName }).strict();
export const interactionId = z.string().min(1).max(200);
/** Arguments typed by a person or a script; bounded so one request cannot exhaust main. */
export const toolArguments = jsonObject.refine(
  (v) => measureJson(v, { maxDepth: 100, maxChars: 512 * 1024 }).ok,
  { message: 'Arguments larger than 512 KiB or nested deeper than 100 levels' },
);
