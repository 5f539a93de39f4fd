import { basename, dirname } from 'node:path';
import pino, { type Logger as PinoLogger, type StreamEntry } from 'pino';
import { redact } from './redact';
import { RotatingLogFile } from './RotatingLogFile';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Structured logger with per-subsystem children; secrets are redacted before writing. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(subsystem: string): Logger;
}

/** The logger a shell creates: it can wait until everything logged so far is written. */
export interface RootLogger extends Logger {
  /** Resolves when every line logged so far is on disk (or failed to be). Never rejects. */
  flush(): Promise<void>;
}

export interface LoggerOptions {
  /** JSON lines go here (`x.log`, rotated to `x.log.1`, `x.log.2`, …); omitted = no file. */
  file?: string;
  /** Lowest level echoed to stderr. */
  consoleLevel?: LogLevel | 'silent';
  /** Size at which the file rotates (default 5 MiB). */
  maxBytes?: number;
  /** Files kept, the live one included (default 5): the log never grows past their sum. */
  generations?: number;
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_GENERATIONS = 5;

/**
 * pino underneath: levels, per-subsystem children, JSON lines, errors with their stack and
 * cause. Lines go to a {@link RotatingLogFile} (written in the background, in order, bounded in
 * memory and on disk) and, from `consoleLevel` up, to stderr. Every field is redacted first
 * (see {@link redact}): keys that name secrets, key-shaped values, OAuth parameters in URLs,
 * also inside error messages and stacks.
 */
export function createLogger(options: LoggerOptions = {}, subsystem = 'app'): RootLogger {
  const file = options.file ? openFile(options.file, options) : undefined;
  const streams: StreamEntry[] = [];
  if (file) streams.push({ level: 'debug', stream: { write: (line: string) => file.write(line) } });
  const consoleLevel = options.consoleLevel ?? 'warn';
  if (consoleLevel !== 'silent') streams.push({ level: consoleLevel, stream: process.stderr });
  const root = pino(
    {
      level: 'debug',
      base: null,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => prepareFields(fields),
      },
    },
    pino.multistream(streams),
  );
  const logger = wrap(root, subsystem);
  return {
    ...logger,
    flush: async () => {
      await file?.flush();
    },
  };
}

/** A subsystem's logger; children are made from the root so `subsystem` is written once. */
function wrap(root: PinoLogger, subsystem: string): Logger {
  const log = root.child({ subsystem });
  return {
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
    child: (name) => wrap(root, `${subsystem}.${name}`),
  };
}

function openFile(path: string, options: LoggerOptions): RotatingLogFile {
  let reported = false;
  return new RotatingLogFile({
    dir: dirname(path),
    name: basename(path, '.log'),
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    generations: options.generations ?? DEFAULT_GENERATIONS,
    maxPendingBytes: 4 * 1024 * 1024,
    // A full disk must not take the app down with it; say so once where someone may look.
    onError: (error) => {
      if (reported) return;
      reported = true;
      process.stderr.write(`Switchboard cannot write its log ${path}: ${String(error)}\n`);
    },
  });
}

/** Errors keep their type, message, stack, code and cause; everything is redacted. */
function prepareFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] =
      value instanceof Error ? redact(pino.stdSerializers.errWithCause(value)) : redact(value, key);
  }
  return out;
}
