import type { InstallInput } from '../../../shared/domain/registryViews';
import type { ValueSource } from '../../../shared/domain/registryReview';
import type { InputWithVariables, RegistryInput } from './serverJson';
import { hostText, type HostText } from '../../../shared/text/hostText';

type InputKind = InstallInput['kind'];

/**
 * True when registry text holds a `${…}` form: the host resolves `${env:NAME}` and
 * `${secret:NAME}` when a server starts, so such text from a registry would reach the person's
 * environment and secrets. It is never written; the person is asked instead.
 */
export function refersToHost(text: string): boolean {
  return text.includes('${');
}

/**
 * The questions one server.json input (env var, header, argument) asks. An input with a fixed
 * `value` asks only for the `{variables}` inside it; one without asks for itself. A fixed value
 * that refers to the host is not used: the input asks for itself, required, with no default.
 */
export function inputQuestions(
  input: InputWithVariables,
  id: string,
  kind: InputKind,
  label: string,
): InstallInput[] {
  if (input.value !== undefined && refersToHost(input.value)) {
    return [question(input, id, kind, label, true)];
  }
  if (input.value === undefined) return [question(input, id, kind, label)];
  return Object.entries(input.variables ?? {}).map(([name, variable]) =>
    question(variable, `${id}/${name}`, 'variable', `${label} {${name}}`),
  );
}

/** The id and label of the question a remote URL that refers to the host becomes. */
const URL_QUESTION = { id: 'url', label: 'URL' } as const;

/** The questions of a remote URL template's `{variables}` (or of the URL itself, see above). */
export function urlQuestions(
  url: string,
  variables: Record<string, RegistryInput> | undefined,
): InstallInput[] {
  if (refersToHost(url)) {
    return [question({}, URL_QUESTION.id, 'variable', URL_QUESTION.label, true)];
  }
  return Object.entries(variables ?? {}).map(([name, variable]) =>
    question(variable, `url/${name}`, 'variable', name),
  );
}

function question(
  input: RegistryInput,
  id: string,
  kind: InputKind,
  label: string,
  valueRefused = false,
): InstallInput {
  const defaultRefused = input.default !== undefined && refersToHost(input.default);
  const choices = (input.choices ?? []).filter((choice) => !refersToHost(choice));
  const choicesRefused = choices.length !== (input.choices ?? []).length;
  const refused = valueRefused || defaultRefused || choicesRefused;
  return {
    id,
    kind,
    label,
    // A fixed value the registry meant to give is still needed: the person gives it.
    required: input.isRequired === true || valueRefused,
    secret: input.isSecret === true,
    ...(input.description ? { description: input.description } : {}),
    ...(input.default !== undefined && !defaultRefused ? { default: input.default } : {}),
    ...(choices.length > 0 ? { choices } : {}),
    ...(input.format ? { format: input.format } : {}),
    ...(input.placeholder ? { placeholder: input.placeholder } : {}),
    ...(refused ? { registryValueRefused: true } : {}),
  };
}

/** Answers by input id; `undefined` = not answered. */
export type Answers = (question: InstallInput) => string | undefined;

export interface ResolvedValue {
  /** Undefined when optional and not answered (the part is left out). */
  value: string | undefined;
  secret: boolean;
  /** Where the value comes from (see ValueSource). */
  source: ValueSource;
  /** The question that asks for it, when the whole value is one answer. */
  inputId?: string;
  /** Not required: left out when not answered. */
  optional: boolean;
  /** Labels of required questions without an answer. */
  missing: string[];
  /** Answers outside the declared choices. */
  invalid: HostText[];
  /** The answers the person typed that went into the value. */
  typed: string[];
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
    source: 'registry',
    optional: false,
    missing: [],
    invalid: [],
    typed: [],
  };
  if (input.value === undefined || refersToHost(input.value)) {
    return asked(question(input, id, kind, label, input.value !== undefined), answers, result);
  }
  // Set inside the callback (control flow does not see it there).
  let filled = false as boolean;
  result.value = fillTemplate(input.value, input.variables, (name, variable) => {
    filled = true;
    const asked = question(variable, `${id}/${name}`, 'variable', `${label} {${name}}`);
    if (variable.isSecret) result.secret = true;
    return answerOf(asked, answers, result).value;
  });
  result.source = result.secret ? 'secret' : filled ? 'template' : 'registry';
  return result;
}

/** A remote URL with its `{variables}` filled in (or typed whole, see urlQuestions). */
export function resolveUrl(
  url: string,
  variables: Record<string, RegistryInput> | undefined,
  answers: Answers,
): ResolvedValue {
  const result: ResolvedValue = {
    value: undefined,
    secret: false,
    source: 'registry',
    optional: false,
    missing: [],
    invalid: [],
    typed: [],
  };
  if (refersToHost(url)) {
    const whole = question({}, URL_QUESTION.id, 'variable', URL_QUESTION.label, true);
    return asked(whole, answers, result);
  }
  let filled = false as boolean;
  result.value = fillTemplate(url, variables, (name, variable) => {
    filled = true;
    return answerOf(question(variable, `url/${name}`, 'variable', name), answers, result).value;
  });
  if (filled) result.source = 'template';
  return result;
}

/** A value that is one question's answer. */
function asked(q: InstallInput, answers: Answers, result: ResolvedValue): ResolvedValue {
  const answer = answerOf(q, answers, result);
  result.value = answer.value;
  result.inputId = q.id;
  result.optional = !q.required;
  result.source = result.secret ? 'secret' : answer.typed ? 'you' : 'default';
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
): { value: string | undefined; typed: boolean } {
  const given = answers(question);
  const typed = given !== undefined && given !== '';
  const value = typed ? given : question.default;
  if (value === undefined || value === '') {
    if (question.required) result.missing.push(question.label);
    return { value: undefined, typed: false };
  }
  if (typed) result.typed.push(value);
  if (question.choices && !question.choices.includes(value)) {
    result.invalid.push(
      hostText('registry.notAChoice', {
        label: question.label,
        value,
        choices: question.choices.join(', '),
      }),
    );
  }
  return { value, typed };
}
