import type { InstallInput } from '../../../shared/domain/registryViews';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { ServerEntry } from '../config/ServerEntry';
import { secretNameFor, secretRef } from '../secrets/secretReferences';
import { resolveInput, resolveUrl, type Answers, type ResolvedValue } from './registryInputs';
import {
  argumentLabel,
  PACKAGE_RUNNERS,
  runOptions,
  unsupportedReason,
  type RunOption,
} from './registryOptions';
import type { InputWithVariables, KeyValueInput, PackageArgument, ServerJson } from './serverJson';
import { formatHostText, hostText, type HostText } from '../../../shared/text/hostText';

/** A servers-file entry for a registry server, and the secrets it refers to. */
export interface BuiltEntry {
  entry: ServerEntry;
  /** Secret name → value, to be stored before the entry is written. */
  secrets: Map<string, string>;
}

/** Collects values; secret ones become `${secret:NAME}` references (or placeholders in a preview). */
class Collector {
  readonly secrets = new Map<string, string>();
  readonly missing: string[] = [];
  readonly invalid: HostText[] = [];

  constructor(
    private readonly serverName: string,
    private readonly answers: Answers,
    private readonly preview: boolean,
  ) {}

  value(
    input: InputWithVariables,
    id: string,
    kind: InstallInput['kind'],
    label: string,
    secretLabel: string = label,
  ) {
    return this.keep(resolveInput(input, id, kind, label, this.answers), secretLabel);
  }

  url(remote: { url: string; variables?: Record<string, InputWithVariables> }) {
    return this.keep(resolveUrl(remote.url, remote.variables, this.answers), 'url');
  }

  private keep(resolved: ResolvedValue, secretLabel: string): string | undefined {
    this.missing.push(...resolved.missing);
    this.invalid.push(...resolved.invalid);
    if (resolved.value === undefined || !resolved.secret || this.preview) return resolved.value;
    const name = secretNameFor(this.serverName, secretLabel);
    this.secrets.set(name, resolved.value);
    return secretRef(name);
  }
}

/**
 * Turns one run option of a server.json into an entry: npm → `npx -y pkg@version`, PyPI →
 * `uvx pkg==version`, OCI → `docker run -i --rm … image`, remotes → url + headers with the URL's
 * variables filled in. Answers are looked up by input id, then by label (`--env NAME=VALUE`).
 *
 * @throws AppError(Validation) naming every required value not given, or an unsupported option.
 */
export function buildRegistryEntry(
  server: ServerJson,
  optionIndex: number,
  values: Readonly<Record<string, string>>,
  serverName: string,
): BuiltEntry {
  const option = runOptions(server).find((o) => o.index === optionIndex);
  if (!option) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('registry.noOption', { name: server.name, index: optionIndex }),
    );
  }
  const reason = unsupportedReason(option);
  if (reason) throw new AppError(AppErrorCode.Validation, reason);
  const answers: Answers = (q) =>
    Object.hasOwn(values, q.id)
      ? values[q.id]
      : Object.hasOwn(values, q.label)
        ? values[q.label]
        : undefined;
  const collector = new Collector(serverName, answers, false);
  const entry = build(option, collector);
  if (collector.missing.length > 0) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText(collector.missing.length === 1 ? 'registry.needsValue' : 'registry.needsValues', {
        name: server.name,
        labels: collector.missing.join(', '),
      }),
      { missing: collector.missing },
    );
  }
  if (collector.invalid.length > 0) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('registry.notAllowed', { values: collector.invalid }),
      { invalid: collector.invalid.map(formatHostText) },
    );
  }
  return { entry, secrets: collector.secrets };
}

/** How an option would run before anything is filled in (`<NAME>` marks what is asked). */
export function previewRegistryEntry(option: RunOption): string {
  if (unsupportedReason(option) && option.kind === 'package') {
    return [option.pkg.identifier, option.pkg.version].filter(Boolean).join(' ');
  }
  const placeholder: Answers = (q) => (q.secret ? `<${q.label}>` : (q.default ?? `<${q.label}>`));
  const entry = build(option, new Collector('preview', placeholder, true));
  if (typeof entry.url === 'string') return entry.url;
  return [entry.command ?? '', ...(entry.args ?? [])].join(' ');
}

function build(option: RunOption, c: Collector): ServerEntry {
  if (option.kind === 'remote') {
    const { remote } = option;
    const headers = keyValues(remote.headers, 'header', c);
    return {
      type: remote.type === 'sse' ? 'sse' : 'http',
      url: c.url(remote) ?? remote.url,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
    };
  }
  const { pkg } = option;
  const env = keyValues(pkg.environmentVariables, 'env', c);
  const runtime = args(pkg.runtimeArguments, 'runtime', c);
  const packageArgs = args(pkg.packageArguments, 'arg', c);
  const runner = pkg.runtimeHint ?? PACKAGE_RUNNERS[pkg.registryType] ?? pkg.registryType;
  const envPart = Object.keys(env).length > 0 ? { env } : {};
  switch (pkg.registryType) {
    case 'npm': {
      const spec = pkg.version ? `${pkg.identifier}@${pkg.version}` : pkg.identifier;
      // -y: npx must not stop to ask before fetching; a runtime argument list replaces it.
      const lead = runtime.length > 0 ? runtime : ['-y'];
      return { command: runner, args: [...lead, spec, ...packageArgs], ...envPart };
    }
    case 'pypi': {
      const spec = pkg.version ? `${pkg.identifier}==${pkg.version}` : pkg.identifier;
      return { command: runner, args: [...runtime, spec, ...packageArgs], ...envPart };
    }
    default: {
      // OCI: stdin open (-i) for stdio, removed on exit; each variable handed in by name, so
      // its value travels in docker's environment, never on its command line.
      const names = Object.keys(env).flatMap((name) => ['-e', name]);
      return {
        command: runner,
        args: ['run', '-i', '--rm', ...runtime, ...names, pkg.identifier, ...packageArgs],
        ...envPart,
      };
    }
  }
}

function keyValues(
  list: KeyValueInput[] | undefined,
  kind: 'env' | 'header',
  c: Collector,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list ?? []) {
    const secretLabel = kind === 'env' ? item.name : `header.${item.name}`;
    const value = c.value(item, `${kind}:${item.name}`, kind, item.name, secretLabel);
    if (value !== undefined) out[item.name] = value;
  }
  return out;
}

function args(list: PackageArgument[] | undefined, prefix: string, c: Collector): string[] {
  return (list ?? []).flatMap((arg, i) => {
    const label = argumentLabel(arg, i);
    if (arg.type === 'named' && arg.format === 'boolean' && arg.value === undefined) {
      // A bare flag: present when answered true.
      return c.value(arg, `${prefix}:${i}`, 'argument', label) === 'true' ? [arg.name] : [];
    }
    const value = c.value(arg, `${prefix}:${i}`, 'argument', label);
    if (value === undefined) return [];
    return arg.type === 'named' ? [arg.name, value] : [value];
  });
}
