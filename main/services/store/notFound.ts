import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText, type HostTextKey } from '../../../shared/text/hostText';

/** What the store can miss. */
export type StoreThing = 'conversation' | 'message' | 'tool call';

const keys: Record<StoreThing, HostTextKey> = {
  conversation: 'store.noConversation',
  message: 'store.noMessage',
  'tool call': 'store.noToolCall',
};

/** The store's NOT_FOUND error, with the kind and id in `data` for callers that branch on it. */
export function notFound(kind: StoreThing, id: string): AppError {
  return new AppError(AppErrorCode.NotFound, hostText(keys[kind], { id }), { kind, id });
}

/** Throws `notFound`; usable after `??`. */
export function throwNotFound(kind: StoreThing, id: string): never {
  throw notFound(kind, id);
}
