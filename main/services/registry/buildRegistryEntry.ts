import type { InstallInput } from '../../../shared/domain/registryViews';
import type { PlanValue, RunPlan } from '../../../shared/domain/registryReview';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { ServerEntry } from '../config/ServerEntry';
import { envReferences } from '../base/substituteEnv';
import { secretNameFor, secretRef } from '../secrets/secretReferences';
import { resolveInput, resolveUrl, type Answers, type ResolvedValue } from './registryInputs';
import { argumentLabel, runOptions, unsupportedReason, type RunOption } from './registryOptions';
import {
  ENV_NAME,
  HEADER_NAME,
  PACKAGE_RUNNERS,
  refusedPackage,
  refusedRuntimeArgument,
} from './runnerRules';
import type { InputWithVariables, KeyValueInput, PackageArgument, ServerJson } from './serverJson';
import { formatHostText, hostText, type HostText } from '../../../shared/text/hostText';

/** One option built: what runs (the plan), the entry written from it, and what it needs. */
export interface BuiltRun {
  plan: RunPlan;
  entry: ServerEntry;
  /** Secret name → value, to be stored before the entry is written. */
  secrets: Map<string, string>;
  /** Labels of required values not given. */
  missing: string[];
  /** Answers outside their declared choices. */
  invalid: HostText[];
  /** Why this option is refused (runner, runtime argument, a name), when it is. */
  refused?: HostText;
  /** Every NAME of `${env:NAME}` in values the person typed (their own wiring). */
  personEnv: string[];
}

export interface RunContext {
  /** The name the server gets in the servers file (secret names derive from it). */
  serverName: string;
  answers: Answers;
  /**
   * What becomes of secret values: `store` (install: kept for the secret store, the entry gets
   * `${secret:NAME}`), `reference` (a dry run: the reference shows, nothing is kept) or `as-is`
   * (a review's placeholders).
   */
  secrets: 'store' | 'reference' | 'as-is';
  /** Docker arguments the person typed (OCI only), placed before the registry's. */
  extraArguments?: readonly string[];
}

/** Collects values as plan values; secret ones become `${secret:NAME}` references. */
class Collector {
  readonly secrets = new Map<string, string>();
  readonly missing: string[] = [];
  readonly invalid: HostText[] = [];
  readonly personEnv = new Set<string>();

  constructor(readonly context: RunContext) {}

  value(
    input: InputWithVariables,
    id: string,
    kind: InstallInput['kind'],
    label: string,
    secretLabel: string = label,
  ): PlanValue | undefined {
    return this.keep(resolveInput(input, id, kind, label, this.context.answers), secretLabel);
  }

  url(remote: { url: string; variables?: Record<string, InputWithVariables> }) {
    return this.keep(resolveUrl(remote.url, remote.variables, this.context.answers), 'url');
  }

  private keep(resolved: ResolvedValue, secretLabel: string): PlanValue | undefined {
    this.missing.push(...resolved.missing);
    this.invalid.push(...resolved.invalid);
    for (const typed of resolved.typed) {
      for (const name of envReferences(typed)) this.personEnv.add(name);
    }
    if (resolved.value === undefined) return undefined;
    const where = {
      source: resolved.source,
      ...(resolved.inputId ? { inputId: resolved.inputId } : {}),
      ...(resolved.optional ? { optional: true } : {}),
    };
    if (!resolved.secret || this.context.secrets === 'as-is') {
      return { text: resolved.value, ...where };
    }
    const name = secretNameFor(this.context.serverName, secretLabel);
    if (this.context.secrets === 'store') this.secrets.set(name, resolved.value);
    return { text: secretRef(name), ...where, source: 'secret' };
  }
}

/** A value that is not a question: the runner's own words, or the registry's. */
const fixed = (text: string, source: 'switchboard' | 'registry'): PlanValue => ({ text, source });

/**
 * Builds one option: npm → `npx -y pkg@version`, PyPI → `uvx pkg==version`, OCI → `docker run
 * -i --rm … image`, NuGet → `dnx pkg@version --yes -- …`, remotes → url + headers with the URL's
 * variables filled in. The entry is written from the plan, so the review shows exactly what is
 * written. Answers are looked up by input id, then by label (`--env NAME=VALUE`).
 */
export function buildRun(option: RunOption, context: RunContext): BuiltRun {
  const c = new Collector(context);
  const built = build(option, c);
  const plan: RunPlan = {
    option: option.index,
    transport: built.transport,
    ...(built.command ? { command: built.command } : {}),
    args: built.args,
    env: built.env,
    ...(built.url ? { url: built.url } : {}),
    headers: built.headers,
  };
  const refused = unsupportedReason(option) ?? built.refused;
  if (refused) {
    plan.refused = formatHostText(refused);
    plan.refusedText = refused;
  }
  return {
    plan,
    entry: entryOf(plan),
    secrets: c.secrets,
    missing: c.missing,
    invalid: c.invalid,
    ...(refused ? { refused } : {}),
    personEnv: [...c.personEnv],
  };
}

/** The answers a review uses: defaults where there are some, `<LABEL>` for the rest. */
export const previewAnswers: Answers = (q) =>
  q.default !== undefined && !q.secret ? undefined : `<${q.label}>`;

/** Answers from a map of values by input id or label. */
export function answersFrom(values: Readonly<Record<string, string>>): Answers {
  return (q) =>
    Object.hasOwn(values, q.id)
      ? values[q.id]
      : Object.hasOwn(values, q.label)
        ? values[q.label]
        : undefined;
}

/**
 * One option of a server.json as an entry with the given answers.
 *
 * @throws AppError(Validation) for an option that is refused, a required value not given or
 * an answer outside its choices.
 */
export function buildRegistryEntry(
  server: ServerJson,
  optionIndex: number,
  values: Readonly<Record<string, string>>,
  serverName: string,
  extraArguments?: readonly string[],
): BuiltRun {
  const option = runOptions(server).find((o) => o.index === optionIndex);
  if (!option) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('registry.noOption', { name: server.name, index: optionIndex }),
    );
  }
  const built = buildRun(option, {
    serverName,
    answers: answersFrom(values),
    secrets: 'store',
    ...(extraArguments ? { extraArguments } : {}),
  });
  assertInstallable(server.name, built);
  return built;
}

/**
 * Throws what keeps a built option from being installed: a refusal, required values not given,
 * answers outside their choices.
 *
 * @throws AppError(Validation)
 */
export function assertInstallable(
  name: string,
  built: Pick<BuiltRun, 'refused' | 'missing' | 'invalid'>,
): void {
  if (built.refused) throw new AppError(AppErrorCode.Validation, built.refused);
  if (built.missing.length > 0) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText(built.missing.length === 1 ? 'registry.needsValue' : 'registry.needsValues', {
        name,
        labels: built.missing.join(', '),
      }),
      { missing: built.missing },
    );
  }
  if (built.invalid.length > 0) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('registry.notAllowed', { values: built.invalid }),
      { invalid: built.invalid.map(formatHostText) },
    );
  }
}

/** How an option would run before anything is filled in (`<NAME>` marks what is asked). */
export function previewRun(option: RunOption): { preview: string; built: BuiltRun } {
  const built = buildRun(option, {
    serverName: 'preview',
    answers: previewAnswers,
    secrets: 'as-is',
  });
  if (unsupportedReason(option) && option.kind === 'package') {
    const preview = [option.pkg.identifier, option.pkg.version].filter(Boolean).join(' ');
    return { preview, built };
  }
  const { entry } = built;
  const preview =
    typeof entry.url === 'string'
      ? entry.url
      : [entry.command ?? '', ...(entry.args ?? [])].join(' ');
  return { preview, built };
}

/** The servers-file entry a plan describes. */
function entryOf(plan: RunPlan): ServerEntry {
  const record = (list: RunPlan['env']) =>
    Object.fromEntries(list.map(({ name, value }) => [name, value.text]));
  if (plan.transport !== 'stdio') {
    return {
      type: plan.transport,
      url: plan.url?.text ?? '',
      ...(plan.headers.length > 0 ? { headers: record(plan.headers) } : {}),
    };
  }
  return {
    command: plan.command?.text ?? '',
    args: plan.args.map((a) => a.text),
    ...(plan.env.length > 0 ? { env: record(plan.env) } : {}),
  };
}

interface Built {
  transport: RunPlan['transport'];
  command?: PlanValue;
  args: PlanValue[];
  env: RunPlan['env'];
  url?: PlanValue;
  headers: RunPlan['headers'];
  refused?: HostText;
}

function build(option: RunOption, c: Collector): Built {
  if (option.kind === 'remote') {
    const { remote } = option;
    const headers = keyValues(remote.headers, 'header', c);
    return {
      transport: remote.type === 'sse' ? 'sse' : 'http',
      args: [],
      env: [],
      url: c.url(remote) ?? fixed(remote.url, 'registry'),
      headers: headers.list,
      ...(headers.refused ? { refused: headers.refused } : {}),
    };
  }
  const { pkg } = option;
  const env = keyValues(pkg.environmentVariables, 'env', c);
  const runtime = args(pkg.runtimeArguments, 'runtime', c);
  const packageArgs = args(pkg.packageArguments, 'arg', c);
  const runner = fixed(PACKAGE_RUNNERS[pkg.registryType] ?? pkg.registryType, 'switchboard');
  const declared = new Set(env.list.map((e) => e.name));
  const extra = (c.context.extraArguments ?? []).map((text): PlanValue => ({
    text,
    source: 'you',
  }));
  const refused =
    env.refused ??
    runtime.refused ??
    packageArgs.refused ??
    refusedPackage(pkg) ??
    (extra.length > 0 && pkg.registryType !== 'oci'
      ? hostText('registry.extraForDockerOnly')
      : undefined) ??
    refusedRuntimeArgument(pkg.registryType, runtime.list, declared);
  const common = {
    transport: 'stdio' as const,
    command: runner,
    env: env.list,
    headers: [],
    ...(refused ? { refused } : {}),
  };
  const spec = (separator: string) =>
    fixed(pkg.version ? `${pkg.identifier}${separator}${pkg.version}` : pkg.identifier, 'registry');
  // Package arguments always follow the package, where no runner reads its own options: npx
  // puts `--` before its first positional word and hands the rest to the command, uvx (clap,
  // trailing var arg) does the same after the command, `docker run` stops at the image
  // (interspersed flags off), and dnx reads options anywhere, so they go after its `--`.
  switch (pkg.registryType) {
    case 'npm': {
      // -y: npx must not stop to ask before fetching; a runtime argument list replaces it.
      const lead = runtime.list.length > 0 ? runtime.list : [fixed('-y', 'switchboard')];
      return { ...common, args: [...lead, spec('@'), ...packageArgs.list] };
    }
    case 'pypi':
      return { ...common, args: [...runtime.list, spec('=='), ...packageArgs.list] };
    case 'nuget': {
      const rest =
        packageArgs.list.length > 0 ? [fixed('--', 'switchboard'), ...packageArgs.list] : [];
      return {
        ...common,
        args: [spec('@'), fixed('--yes', 'switchboard'), ...runtime.list, ...rest],
      };
    }
    default: {
      // OCI: stdin open (-i) for stdio, removed on exit; each variable handed in by name, so
      // its value travels in docker's environment, never on its command line.
      const names = env.list.flatMap(({ name }) => [
        fixed('-e', 'switchboard'),
        fixed(name, 'switchboard'),
      ]);
      const lead = ['run', '-i', '--rm'].map((t) => fixed(t, 'switchboard'));
      return {
        ...common,
        args: [
          ...lead,
          ...extra,
          ...runtime.list,
          ...names,
          fixed(pkg.identifier, 'registry'),
          ...packageArgs.list,
        ],
      };
    }
  }
}

function keyValues(
  list: KeyValueInput[] | undefined,
  kind: 'env' | 'header',
  c: Collector,
): { list: RunPlan['env']; refused?: HostText } {
  const out: RunPlan['env'] = [];
  for (const item of list ?? []) {
    if (!(kind === 'env' ? ENV_NAME : HEADER_NAME).test(item.name)) {
      const key = kind === 'env' ? 'registry.badEnvName' : 'registry.badHeaderName';
      return { list: out, refused: hostText(key, { name: item.name }) };
    }
    const secretLabel = kind === 'env' ? item.name : `header.${item.name}`;
    const value = c.value(item, `${kind}:${item.name}`, kind, item.name, secretLabel);
    if (value !== undefined) out.push({ name: item.name, value });
  }
  return { list: out };
}

function args(
  list: PackageArgument[] | undefined,
  prefix: string,
  c: Collector,
): { list: PlanValue[]; refused?: HostText } {
  const out: PlanValue[] = [];
  for (const [i, arg] of (list ?? []).entries()) {
    const label = argumentLabel(arg, i);
    if (arg.type === 'named' && arg.name.includes('${')) {
      return { list: out, refused: hostText('registry.badArgumentName', { name: arg.name }) };
    }
    const name = arg.type === 'named' ? [fixed(arg.name, 'registry')] : [];
    if (arg.type === 'named' && arg.format === 'boolean' && arg.value === undefined) {
      // A bare flag: present when answered true.
      const on = c.value(arg, `${prefix}:${i}`, 'argument', label);
      // The flag's words are the registry's even when the person ticks it: it is checked as such.
      if (on?.text === 'true') {
        out.push({
          ...fixed(arg.name, 'registry'),
          ...(on.inputId ? { inputId: on.inputId } : {}),
        });
      }
      continue;
    }
    const value = c.value(arg, `${prefix}:${i}`, 'argument', label);
    if (value !== undefined) out.push(...name, value);
  }
  return { list: out };
}
