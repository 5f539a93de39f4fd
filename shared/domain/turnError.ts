import type { AppError } from '../errors';
import type { TurnError } from './conversationEvents';

/** An error as a turn reports it. (No schemas here: the window uses it at start-up.) */
export function turnError(error: AppError): TurnError {
  return {
    code: error.code,
    message: error.message,
    ...(error.text ? { text: error.text } : {}),
  };
}
