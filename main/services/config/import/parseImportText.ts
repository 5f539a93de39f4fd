import { findNodeAtLocation, type Node } from 'jsonc-parser';
import type { ConfigProblem } from '../ConfigProblem';
import { parseJsonDocument } from '../parseJsonDocument';
import { SERVERS_KEY, type ServerEntry } from '../ServerEntry';
import { envLookup, envReferences } from '../../base/substituteEnv';
import { validateServerEntry } from '../validateServerEntry';
import { readProperties, report, type ValidationContext } from '../ValidationContext';
import { convertImportEntry } from './convertImportEntry';
import type { ImportContext, ImportSource } from './detectImportSources';
import {
  applyInputAnswers,
  readImportInputs,
  referencedInputIds,
  type ImportInput,
} from './importInputs';
import { hostText } from '../../../../shared/text/hostText';

/** What a file offers for import, before the person confirms. */
export interface ImportedServers {
  source: ImportSource;
  /** Converted to the servers-file format; may still hold `${input:id}` until answered. */
  servers: Record<string, ServerEntry>;
  /** Values to ask for before adding (VS Code `inputs`); empty for the other formats. */
  inputs: ImportInput[];
  /** Problems in the source file; a server with an error is left out of `servers`. */
  errors: ConfigProblem[];
  /** What will not come along exactly as written, and variables not set here. */
  warnings: ConfigProblem[];
  /**
   * Fills in the answers to `inputs` and checks the result. Servers that are still invalid
   * are left out and listed in `errors`. Throws AppError(VALIDATION) if an answer is missing.
   */
  applyAnswers(answers: Readonly<Record<string, string>>): {
    servers: Record<string, ServerEntry>;
    errors: ConfigProblem[];
  };
}

/**
 * Reads another app's MCP config text (comments and trailing commas allowed, as those apps
 * allow them) and converts its servers. Pure; locations in problems refer to the source text.
 */
export function parseImportText(
  source: ImportSource,
  text: string,
  ctx: ImportContext,
): ImportedServers {
  const document = parseJsonDocument(text, { lenient: true });
  const validation: ValidationContext = {
    env: envLookup(ctx.env),
    locate: document.locate,
    problems: [...document.problems],
  };
  const servers: Record<string, ServerEntry> = {};
  // Where each server is in the source text, to point checks of the converted entry at it.
  const anchors = new Map<string, Node>();
  let inputs: ImportInput[] = [];
  const root = document.root;
  const vscode = source.format === 'vscode-workspace' || source.format === 'vscode-user';
  if (document.problems.length === 0 && root?.type === 'object') {
    const preferred = vscode ? 'servers' : SERVERS_KEY;
    const fallback = vscode ? SERVERS_KEY : 'servers';
    const serversKey = findNodeAtLocation(root, [preferred]) ? preferred : fallback;
    const serversNode = findNodeAtLocation(root, [serversKey]);
    if (serversNode?.type === 'object') {
      const convert = { validation, format: source.format, importContext: ctx, serversKey };
      for (const [name, property] of readProperties(validation, serversNode, [serversKey])) {
        const entry = convertImportEntry(convert, name, property.value);
        anchors.set(name, property.key);
        if (entry) servers[name] = entry;
      }
    } else {
      const message = hostText('config.import.noServers', { key: preferred });
      report(validation, serversNode ?? root, 'warning', 'schema', [], message);
    }
    if (vscode) {
      const referenced = referencedInputIds(servers);
      inputs = readImportInputs(validation, findNodeAtLocation(root, ['inputs']), referenced, root);
    }
    warnUnsetVariables(validation, servers, anchors, root);
  } else if (root && document.problems.length === 0) {
    report(validation, root, 'error', 'schema', [], hostText('config.import.notAnObject'));
  }

  // Checks the converted entry as the servers file will; problems point at the source entry.
  const check = (name: string, entry: ServerEntry): ConfigProblem[] => {
    const anchor = anchors.get(name);
    return validateServerEntry(name, entry, validation.env).errors.map((problem) => {
      if (!anchor) return problem;
      const { line, column } = document.locate(anchor.offset);
      return { ...problem, line, column, offset: anchor.offset, length: anchor.length };
    });
  };
  // Entries waiting for answers are checked in applyAnswers, once their values exist.
  for (const [name, entry] of Object.entries(servers)) {
    if (referencedInputIds({ [name]: entry }).length > 0) continue;
    const invalid = check(name, entry);
    if (invalid.length > 0) {
      validation.problems.push(...invalid);
      Reflect.deleteProperty(servers, name);
    }
  }
  const problems = validation.problems.toSorted((a, b) => a.offset - b.offset);
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity === 'warning');
  return {
    source,
    servers,
    inputs,
    errors,
    warnings,
    applyAnswers: (answers) => {
      const answered = applyInputAnswers(servers, inputs, answers);
      const invalid: ConfigProblem[] = [];
      for (const [name, entry] of Object.entries(answered)) {
        const problems = check(name, entry);
        if (problems.length === 0) continue;
        invalid.push(...problems);
        Reflect.deleteProperty(answered, name);
      }
      return { servers: answered, errors: invalid };
    },
  };
}

/** An imported `${env:NAME}` that is unset here would reject the whole servers file: say so first. */
function warnUnsetVariables(
  ctx: ValidationContext,
  servers: Readonly<Record<string, ServerEntry>>,
  anchors: ReadonlyMap<string, Node>,
  root: Node,
): void {
  for (const [name, entry] of Object.entries(servers)) {
    const unset = new Set<string>();
    for (const text of JSON.stringify(entry).match(/\$\{env:[^}]*\}/g) ?? []) {
      for (const variable of envReferences(text)) {
        if (ctx.env(variable) === undefined) unset.add(variable);
      }
    }
    for (const variable of unset) {
      const message = hostText('config.import.envUnset', { name, variable });
      report(ctx, anchors.get(name) ?? root, 'warning', 'env', [], message);
    }
  }
}
