import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { redact } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Structured logger with per-subsystem children; secrets are redacted before writing. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(subsystem: string): Logger;
}

export interface LoggerOptions {
  /** JSON lines are appended here; omitted = no file. */
  file?: string;
  /** Lowest level echoed to stderr. */
  consoleLevel?: LogLevel | 'silent';
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(options: LoggerOptions = {}, subsystem = 'app'): Logger {
  if (options.file) mkdirSync(dirname(options.file), { recursive: true });
  const consoleLevel = options.consoleLevel ?? 'warn';
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>): void => {
    const record = {
      t: new Date().toISOString(),
      level,
      subsystem,
      message,
      ...redactFields(fields),
    };
    const line = JSON.stringify(record);
    if (options.file) {
      try {
        appendFileSync(options.file, line + '\n', { mode: 0o600 });
      } catch {
        // A full disk must not take the app down with it.
      }
    }
    if (consoleLevel !== 'silent' && order[level] >= order[consoleLevel]) {
      process.stderr.write(line + '\n');
    }
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (name) => createLogger(options, `${subsystem}.${name}`),
  };
}

function redactFields(fields?: Record<string, unknown>): Record<string, unknown> {
  if (!fields) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] =
      value instanceof Error
        ? { name: value.name, message: redact(value.message) }
        : redact(value, key);
  }
  return out;
}
