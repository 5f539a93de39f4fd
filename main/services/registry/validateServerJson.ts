import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import schema from './server.schema.2025-12-11.json';
import type { ServerJson } from './serverJson';

/** The published schema's URL; documents name it in `$schema`. */
export const SERVER_JSON_SCHEMA_URL =
  'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives as the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (!compiled) {
    // strict: false — the published schema carries OpenAPI keywords (`example`, `discriminator`)
    // that draft-07 does not define; they are annotations and must not fail compilation.
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    compiled = ajv.compile(schema);
  }
  return compiled;
}

export type ServerJsonCheck =
  { valid: true; server: ServerJson } | { valid: false; problems: string[] };

/**
 * Checks a document against the MCP Registry's published server.json schema (2025-12-11).
 * Problems are sentences with the JSON pointer of the offending value.
 */
export function validateServerJson(document: unknown): ServerJsonCheck {
  const validate = validator();
  if (validate(document)) return { valid: true, server: document as ServerJson };
  return { valid: false, problems: (validate.errors ?? []).slice(0, 20).map(describe) };
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'the document' : error.instancePath;
  const allowed =
    error.keyword === 'enum' && Array.isArray(error.params.allowedValues)
      ? ` (${(error.params.allowedValues as unknown[]).map(String).join(', ')})`
      : '';
  return `${where} ${error.message ?? 'is not valid'}${allowed}`;
}
