/**
 * Arguments that satisfy the required properties of a tool's `inputSchema`, for scenarios that
 * only need a tool to be called, not called with anything in particular. Uses the schema's own
 * `default`, `const` or first `enum` value when it has one, a plain value of the declared type
 * otherwise. Optional properties are left out; `$ref` and composition keywords are not
 * followed (a schema that needs them needs arguments from the scenario's context instead).
 */
export function exampleArguments(inputSchema: unknown): Record<string, unknown> {
  if (!isRecord(inputSchema)) return {};
  const properties = isRecord(inputSchema.properties) ? inputSchema.properties : {};
  const required = Array.isArray(inputSchema.required) ? inputSchema.required : [];
  const args: Record<string, unknown> = {};
  for (const name of required) {
    if (typeof name !== 'string') continue;
    args[name] = exampleValue(properties[name]);
  }
  return args;
}

function exampleValue(schema: unknown): unknown {
  if (!isRecord(schema)) return 'example';
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (declaredType(schema.type)) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return exampleArguments(schema);
    case 'null':
      return null;
    default:
      return 'example';
  }
}

/** The first non-null type of `type: "x"` or `type: ["x", "null"]`. */
function declaredType(type: unknown): string | undefined {
  if (typeof type === 'string') return type;
  if (!Array.isArray(type)) return undefined;
  const types = type.filter((t): t is string => typeof t === 'string');
  return types.find((t) => t !== 'null') ?? types[0];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
