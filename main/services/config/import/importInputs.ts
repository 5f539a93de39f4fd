import { getNodeValue, type Node } from 'jsonc-parser';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText } from '../../../../shared/text/hostText';
import type { ServerEntry } from '../ServerEntry';
import { report, type ValidationContext } from '../ValidationContext';
import { rewriteStrings } from './convertImportEntry';

/** A value VS Code would prompt for (`${input:id}`); Switchboard asks once, at import. */
export interface ImportInput {
  id: string;
  description: string;
  /** Typed into a masked field; the answer is still written into the servers file. */
  password: boolean;
  default?: string;
  /** For VS Code's `pickString` inputs. */
  options?: string[];
}

const inputReference = /\$\{input:([^}]+)\}/g;

/** Ids of every `${input:id}` used by the servers, in order of first use. */
export function referencedInputIds(servers: Readonly<Record<string, ServerEntry>>): string[] {
  const ids: string[] = [];
  rewriteStrings(servers, (text) => {
    for (const match of text.matchAll(inputReference)) {
      const id = match[1] ?? '';
      if (!ids.includes(id)) ids.push(id);
    }
    return text;
  });
  return ids;
}

/**
 * The inputs to ask for: those referenced by the servers, described by the file's `inputs`
 * array. A reference without a definition is still asked for (with a warning) rather than
 * written into the servers file as a literal `${input:…}` that no one will ever fill in.
 */
export function readImportInputs(
  ctx: ValidationContext,
  inputsNode: Node | undefined,
  referenced: readonly string[],
  /** Where to point warnings when the file has no `inputs` at all. */
  anchor: Node,
): ImportInput[] {
  const definitions = new Map<string, { node: Node; value: Record<string, unknown> }>();
  for (const child of inputsNode?.type === 'array' ? (inputsNode.children ?? []) : []) {
    const value: unknown = getNodeValue(child);
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'string') definitions.set(record.id, { node: child, value: record });
  }
  return referenced.map((id) => {
    const definition = definitions.get(id);
    if (!definition) {
      const where = inputsNode ?? anchor;
      report(
        ctx,
        where,
        'warning',
        'schema',
        ['inputs'],
        hostText('config.import.inputUndefined', { id }),
      );
      return { id, description: '', password: false };
    }
    const { node, value } = definition;
    if (value.type === 'command') {
      report(
        ctx,
        node,
        'warning',
        'schema',
        ['inputs'],
        hostText('config.import.inputCommand', { id }),
      );
    }
    const input: ImportInput = {
      id,
      description: typeof value.description === 'string' ? value.description : '',
      password: value.password === true,
    };
    if (typeof value.default === 'string') input.default = value.default;
    if (Array.isArray(value.options)) input.options = value.options.flatMap(optionValue);
    if (input.password) {
      report(
        ctx,
        node,
        'warning',
        'schema',
        ['inputs'],
        hostText('config.import.inputSecret', { id }),
      );
    }
    return input;
  });
}

/**
 * Replaces every `${input:id}` with its answer (or the input's default). A missing answer is an
 * error: writing the placeholder would leave a server that can never start.
 */
export function applyInputAnswers(
  servers: Readonly<Record<string, ServerEntry>>,
  inputs: readonly ImportInput[],
  answers: Readonly<Record<string, string>>,
): Record<string, ServerEntry> {
  const byId = new Map(inputs.map((input) => [input.id, input]));
  const missing = new Set<string>();
  const result = rewriteStrings(servers, (text) =>
    text.replace(inputReference, (whole, id: string) => {
      const answer = Object.hasOwn(answers, id) ? answers[id] : byId.get(id)?.default;
      if (answer !== undefined) return answer;
      missing.add(id);
      return whole;
    }),
  );
  if (missing.size > 0) {
    const list = [...missing].map((id) => `"${id}"`).join(', ');
    throw new AppError(AppErrorCode.Validation, hostText('config.inputMissing', { inputs: list }), {
      missing: [...missing],
    });
  }
  return result as Record<string, ServerEntry>;
}

function optionValue(option: unknown): string[] {
  if (typeof option === 'string') return [option];
  if (typeof option === 'object' && option !== null) {
    const value = (option as Record<string, unknown>).value;
    if (typeof value === 'string') return [value];
  }
  return [];
}
