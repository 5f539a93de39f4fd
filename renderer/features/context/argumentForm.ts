import type { PromptView } from '../../../shared/domain/mcpViews';

/** One argument of a resource template or a prompt, as its form shows it. */
export interface ArgumentField {
  name: string;
  description?: string;
  required: boolean;
}

export type ArgumentValues = Record<string, string>;

/** RFC 6570 operators; `?`, `&` (query) and `#` (fragment) expand to nothing when empty. */
const OPTIONAL_OPERATORS = new Set(['?', '&', '#']);
const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);

/**
 * The variables of a URI template, in order of first appearance (RFC 6570: `{var}`,
 * `{+path}`, `{?a,b}`, `{/seg*}`, `{var:3}`). Path-like variables are required; query and
 * fragment variables are optional, as their expansion is simply left out when empty.
 */
export function templateFields(uriTemplate: string): ArgumentField[] {
  const fields: ArgumentField[] = [];
  const seen = new Map<string, ArgumentField>();
  for (const match of uriTemplate.matchAll(/\{([^{}]*)\}/g)) {
    let body = match[1] ?? '';
    const operator = OPERATORS.has(body[0] ?? '') ? (body[0] ?? '') : '';
    if (operator) body = body.slice(1);
    for (const spec of body.split(',')) {
      const name = spec.trim().replace(/(\*|:\d+)$/, '');
      if (!/^(?:[\w]|%[0-9A-Fa-f]{2})(?:[\w.]|%[0-9A-Fa-f]{2})*$/.test(name)) continue;
      const required = !OPTIONAL_OPERATORS.has(operator);
      const existing = seen.get(name);
      if (existing) existing.required ||= required;
      else {
        const field: ArgumentField = { name, required };
        seen.set(name, field);
        fields.push(field);
      }
    }
  }
  return fields;
}

/** A prompt's declared arguments as form fields. */
export function promptFields(prompt: PromptView): ArgumentField[] {
  return prompt.arguments.map((a) => ({
    name: a.name,
    required: a.required === true,
    ...(a.description !== undefined ? { description: a.description } : {}),
  }));
}

/** Required fields still empty (whitespace counts as empty). */
export function missingRequired(
  fields: readonly ArgumentField[],
  values: ArgumentValues,
): string[] {
  return fields.filter((f) => f.required && !(values[f.name] ?? '').trim()).map((f) => f.name);
}

/**
 * The arguments to send: every field with a value, as typed (a server may care about
 * spaces), empty optional fields left out.
 */
export function filledArguments(
  fields: readonly ArgumentField[],
  values: ArgumentValues,
): ArgumentValues {
  const out: ArgumentValues = {};
  for (const field of fields) {
    const value = values[field.name] ?? '';
    if (value.trim()) out[field.name] = value;
  }
  return out;
}

/**
 * What a completion request for `current` carries as context: the other arguments the
 * person already filled (MCP `context.arguments`), so a server can narrow its suggestions.
 */
export function completionContext(
  fields: readonly ArgumentField[],
  values: ArgumentValues,
  current: string,
): ArgumentValues {
  return filledArguments(
    fields.filter((f) => f.name !== current),
    values,
  );
}
