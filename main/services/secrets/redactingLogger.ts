import type { Logger } from '../../platform/Logger';
import type { Redactor } from './Redactor';

/**
 * A logger whose messages and fields pass through a server's {@link Redactor} before the
 * logger's own redaction (secret-looking keys and values) and the file: what a server's
 * references brought in never reaches `main.log`.
 */
export function redactingLogger(log: Logger, redactor: Redactor): Logger {
  const fields = (value: Record<string, unknown> | undefined) =>
    value === undefined ? undefined : redactor.deep(value);
  return {
    debug: (message, value) => log.debug(redactor.text(message), fields(value)),
    info: (message, value) => log.info(redactor.text(message), fields(value)),
    warn: (message, value) => log.warn(redactor.text(message), fields(value)),
    error: (message, value) => log.error(redactor.text(message), fields(value)),
    child: (name) => redactingLogger(log.child(name), redactor),
  };
}
