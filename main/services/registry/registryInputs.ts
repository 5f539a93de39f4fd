import type { InstallInput } from '../../../shared/domain/registryViews';
import type { InputWithVariables, RegistryInput } from './serverJson';
import { hostText, type HostText } from '../../../shared/text/hostText';

type InputKind = InstallInput['kind'];

/**
 * The questions one server.json input (env var, header, argument) asks. An input with a fixed
 * `value` asks only for the `{variables}` inside it; one without asks for itself.
 */
export function inputQuestions(
  input: InputWithVariables,
  id: string,
  kind: InputKind,
  label: string,
): InstallInput[] {
  if (input.value === undefined) return [question(input, id, kind, label)];
  return Object.entries(input.variables ?? {}).map(([name, variable]) =>
    question(variable, `${id}/${name}`, 'variable', `${label} {${name}}`),
  );
}

/** The questions of a remote URL template's `{variables}`. */
export function urlQuestions(variables: Record<string, RegistryInput> | undefined): InstallInput[] {
  return Object.entries(variables ?? {}).map(([name, variable]) =>
    question(variable, `url/${name}`, 'variable', name),
  );
}

function question(input: RegistryInput, id: string, kind: InputKind, label: string): InstallInput {
  return {
    id,
    kind,
    label,
    required: input.isRequired === true,
    secret: input.isSecret === true,
    ...(input.description ? { description: input.description } : {}),
    ...(input.default !== undefined ? { default: input.default } : {}),
    ...(input.choices && input.choices.length > 0 ? { choices: input.choices } : {}),
    ...(input.format ? { format: input.format } : {}),
    ...(input.placeholder ? { placeholder: input.placeholder } : {}),
  };
}

/** Answers by input id; `undefined` = not answered. */
export type Answers = (question: InstallInput) => string | undefined;

export interface ResolvedValue {
  /** Undefined when optional and not answered (the part is left out). */
  value: string | undefined;
  secret: boolean;
  /** Labels of required questions without an answer. */
  missing: string[];
  /** Answers outside the declared choices. */
  invalid: HostText[];
}

/** The value an input ends up with, from its answers, defaults and fixed template. */
export function resolveInput(
  input: InputWithVariables,
  id: string,
  kind: InputKind,
  label: string,
  answers: Answers,
): ResolvedValue {
  const result: ResolvedValue = {
    value: undefined,
    secret: input.isSecret === true,
    missing: [],
    invalid: [],
  };
  if (input.value === undefined) {
    const asked = question(input, id, kind, label);
    result.value = answerOf(asked, answers, result);
    return result;
  }
  result.value = fillTemplate(input.value, input.variables, (name, variable) => {
    const asked = question(variable, `${id}/${name}`, 'variable', `${label} {${name}}`);
    if (variable.isSecret) result.secret = true;
    return answerOf(asked, answers, result);
  });
  return result;
}

/** A remote URL with its `{variables}` filled in. */
export function resolveUrl(
  url: string,
  variables: Record<string, RegistryInput> | undefined,
  answers: Answers,
): ResolvedValue {
  const result: ResolvedValue = { value: undefined, secret: false, missing: [], invalid: [] };
  result.value = fillTemplate(url, variables, (name, variable) =>
    answerOf(question(variable, `url/${name}`, 'variable', name), answers, result),
  );
  return result;
}

/**
 * Replaces `{name}` for each declared variable; names the template does not declare stay as
 * written (the schema says so). A variable without a value empties to "".
 */
function fillTemplate(
  template: string,
  variables: Record<string, RegistryInput> | undefined,
  valueOf: (name: string, variable: RegistryInput) => string | undefined,
): string {
  return template.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const variable = variables?.[name];
    if (!variable) return whole;
    return valueOf(name, variable) ?? '';
  });
}

function answerOf(
  question: InstallInput,
  answers: Answers,
  result: ResolvedValue,
): string | undefined {
  const given = answers(question);
  const value = given !== undefined && given !== '' ? given : question.default;
  if (value === undefined || value === '') {
    if (question.required) result.missing.push(question.label);
    return undefined;
  }
  if (question.choices && !question.choices.includes(value)) {
    result.invalid.push(
      hostText('registry.notAChoice', {
        label: question.label,
        value,
        choices: question.choices.join(', '),
      }),
    );
  }
  return value;
}
