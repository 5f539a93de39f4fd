import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives as the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** Schemas seen at most this many times are compiled once and kept (a few per server). */
const MAX_CACHED = 200;

/**
 * Checks event payloads and subscription arguments against the schemas a server declared. A
 * schema that does not compile checks nothing rather than refusing every event (the server's
 * bug, not the person's); payloads still reach the model only wrapped and capped.
 */
export class SchemaChecks {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  private readonly cache = new Map<string, ValidateFunction | null>();

  constructor() {
    addFormats(this.ajv);
  }

  /** Problems of `value` against `schema` (at most ten, each with its JSON pointer). */
  problems(schema: Record<string, unknown> | undefined, value: unknown): string[] {
    if (!schema) return [];
    const validate = this.compiled(schema);
    if (!validate || validate(value)) return [];
    return (validate.errors ?? []).slice(0, 10).map(describe);
  }

  private compiled(schema: Record<string, unknown>): ValidateFunction | null {
    const key = JSON.stringify(schema);
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    let compiled: ValidateFunction | null;
    try {
      // $id and $schema are the server's words: a clash or an unknown draft must not throw here.
      const { $id: _id, $schema: _schema, ...rest } = schema;
      compiled = this.ajv.compile(rest);
    } catch {
      compiled = null;
    }
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(key, compiled);
    return compiled;
  }
}

function describe(error: ErrorObject): string {
  const where = error.instancePath || '/';
  return `${where} ${error.message ?? 'is invalid'}`.slice(0, 300);
}
