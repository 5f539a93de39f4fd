import type { InstallInput, InstallOption } from '../../../shared/domain/registryViews';
import { inputQuestions, urlQuestions } from './registryInputs';
import type { PackageArgument, RegistryPackage, RemoteTransport, ServerJson } from './serverJson';
import { formatHostText, hostText, type HostText } from '../../../shared/text/hostText';
import { PACKAGE_RUNNERS, refusedPackage } from './runnerRules';

/** A way to run the server: a package or a remote, addressed by its option index. */
export type RunOption =
  | { kind: 'package'; index: number; pkg: RegistryPackage }
  | { kind: 'remote'; index: number; remote: RemoteTransport };

/** Packages first, then remotes, numbered in that order (the index an install names). */
export function runOptions(server: ServerJson): RunOption[] {
  const packages = (server.packages ?? []).map((pkg, index): RunOption => ({
    kind: 'package',
    index,
    pkg,
  }));
  const offset = packages.length;
  const remotes = (server.remotes ?? []).map((remote, i): RunOption => ({
    kind: 'remote',
    index: offset + i,
    remote,
  }));
  return [...packages, ...remotes];
}

/** The label an argument is known by (`--port`, `target_dir`, `argument 2`). */
export function argumentLabel(arg: PackageArgument, position: number): string {
  return arg.type === 'named' ? arg.name : (arg.valueHint ?? `argument ${position + 1}`);
}

/** Everything an option asks, in the order it is used. */
export function optionQuestions(option: RunOption): InstallInput[] {
  if (option.kind === 'remote') {
    return [
      ...urlQuestions(option.remote.url, option.remote.variables),
      ...(option.remote.headers ?? []).flatMap((h) =>
        inputQuestions(h, `header:${h.name}`, 'header', h.name),
      ),
    ];
  }
  const { pkg } = option;
  const args = (list: PackageArgument[] | undefined, prefix: string) =>
    (list ?? []).flatMap((arg, i) =>
      inputQuestions(arg, `${prefix}:${i}`, 'argument', argumentLabel(arg, i)),
    );
  return [
    ...args(pkg.runtimeArguments, 'runtime'),
    ...args(pkg.packageArguments, 'arg'),
    ...(pkg.environmentVariables ?? []).flatMap((v) =>
      inputQuestions(v, `env:${v.name}`, 'env', v.name),
    ),
  ];
}

/** Why an option cannot be installed here, or undefined when it can. */
export function unsupportedReason(option: RunOption): HostText | undefined {
  if (option.kind === 'remote') return undefined;
  const { pkg } = option;
  if (pkg.registryType === 'mcpb') return hostText('registry.mcpbPackage');
  if (!Object.hasOwn(PACKAGE_RUNNERS, pkg.registryType)) {
    return hostText('registry.unknownRunner', { type: pkg.registryType });
  }
  if (pkg.transport.type !== 'stdio') {
    return hostText('registry.notStdio', { transport: pkg.transport.type });
  }
  return refusedPackage(pkg);
}

/**
 * The view of one option. The builder supplies how it would run and why it is refused when
 * that shows only once it is built (a runtime argument outside the runner's allow-list).
 */
export function describeOption(
  option: RunOption,
  preview: string,
  refused?: HostText,
): InstallOption {
  const reason = unsupportedReason(option) ?? refused;
  const base = {
    index: option.index,
    kind: option.kind,
    preview,
    supported: reason === undefined,
    ...(reason ? { unsupportedReason: formatHostText(reason), unsupportedReasonText: reason } : {}),
    inputs: optionQuestions(option),
  };
  if (option.kind === 'remote') {
    return { ...base, type: option.remote.type, target: option.remote.url };
  }
  return {
    ...base,
    type: option.pkg.registryType,
    target: option.pkg.identifier,
    ...(option.pkg.version ? { version: option.pkg.version } : {}),
  };
}
