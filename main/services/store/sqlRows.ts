import type { SQLInputValue, StatementSync } from 'node:sqlite';

/** Positional or named parameters for a prepared statement. */
export type SqlParams = SQLInputValue[] | [Record<string, SQLInputValue>];

/**
 * The first row of a query, typed by the caller. node:sqlite returns plain objects keyed by
 * column name; the row types next to each query describe what the SQL selects.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T describes the SELECT
export function getRow<T>(statement: StatementSync, ...params: SqlParams): T | undefined {
  return statement.get(...(params as SQLInputValue[])) as unknown as T | undefined;
}

/** All rows of a query, typed by the caller. */
export function allRows<T>(statement: StatementSync, ...params: SqlParams): T[] {
  return statement.all(...(params as SQLInputValue[])) as unknown as T[];
}

/** JSON text for a column, or null for "no value". */
export function toJson(value: unknown): string | null {
  // JSON.stringify yields undefined for these, whatever its declared type says.
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return null;
  return JSON.stringify(value);
}

/** The value of a JSON column (null stays null). */
export function fromJson(text: string | null): unknown {
  return text === null ? null : (JSON.parse(text) as unknown);
}
