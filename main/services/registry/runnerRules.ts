import type { PlanValue } from '../../../shared/domain/registryReview';
import { hostText, type HostText } from '../../../shared/text/hostText';
import type { RegistryPackage } from './serverJson';

/**
 * Which program starts each package type. Nothing else is started for a registry package:
 * a `runtimeHint` naming another program is refused.
 */
export const PACKAGE_RUNNERS: Readonly<Record<string, string>> = {
  npm: 'npx',
  pypi: 'uvx',
  oci: 'docker',
  nuget: 'dnx',
};

/** How a person knows each package type. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  npm: 'npm',
  pypi: 'PyPI',
  oci: 'OCI',
  nuget: 'NuGet',
};

/*
 * Plain names and versions. Each identifier lands on the runner's command line where an option
 * could stand, so none may start with "-"; none may be a URL, a path or a git source either (the
 * runners would fetch and build those), and none may hold `${…}`.
 */
const NPM_NAME = /^(@[a-z0-9~][a-z0-9._~-]*\/)?[a-z0-9~][a-z0-9._~-]*$/i;
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const OCI_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9._/:@+-]*$/;
const NUGET_ID = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const VERSION = /^[A-Za-z0-9][A-Za-z0-9.+!_-]*$/;
/** An npm package spec for `npx --package`: a name and optionally `@version`. */
const NPM_SPEC = /^(@[a-z0-9~][a-z0-9._~-]*\/)?[a-z0-9~][a-z0-9._~-]*(@[A-Za-z0-9.+_^~<>=*-]+)?$/i;
/** A PyPI requirement for `uvx --from`: a name, extras and one version constraint; no URL. */
const PYPI_SPEC =
  /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?(\[[A-Za-z0-9._,-]+\])?((===?|~=|!=|<=?|>=?|@)[A-Za-z0-9.*+!_-]+)?$/;
/** A Python version request for `uvx --python` (`3.12`, `cpython@3.12`); never a path. */
const PYTHON_VERSION = /^(?:(?:cpython|pypy|graalpy)[@-]?)?\d+(?:\.\d+){0,2}$/;
/** An environment variable name. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** An HTTP header name (RFC 9110 token). */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Why a package cannot be started as its document says, or undefined when it can. */
export function refusedPackage(pkg: RegistryPackage): HostText | undefined {
  const runner = PACKAGE_RUNNERS[pkg.registryType];
  const type = TYPE_NAMES[pkg.registryType] ?? pkg.registryType;
  if (!runner) return undefined;
  if (pkg.runtimeHint !== undefined && pkg.runtimeHint !== runner) {
    return hostText('registry.runnerRefused', { hint: pkg.runtimeHint, type, runner });
  }
  const name = {
    npm: NPM_NAME,
    pypi: PYPI_NAME,
    oci: OCI_REFERENCE,
    nuget: NUGET_ID,
  }[pkg.registryType];
  if (name && !name.test(pkg.identifier)) {
    return hostText('registry.badIdentifier', { identifier: pkg.identifier, type });
  }
  if (pkg.version !== undefined && !VERSION.test(pkg.version)) {
    return hostText('registry.badVersion', { version: pkg.version });
  }
  return undefined;
}

/** A runner option that takes a value, and which values the registry may give it. */
type ValueRule = (value: string, declaredEnv: ReadonlySet<string>) => boolean;

interface RunnerArguments {
  /** Options without a value. */
  switches: readonly string[];
  /** Options with a value (`--opt value` or `--opt=value`). */
  values: Readonly<Record<string, ValueRule>>;
  /** How the allowed set reads in a refusal. */
  allowed: string;
}

const npmSpec: ValueRule = (v) => NPM_SPEC.test(v);
const declaredName: ValueRule = (v, declared) => ENV_NAME.test(v) && declared.has(v);

/*
 * The runtime arguments a registry may give each runner; they stand before the package, where
 * the runner reads its own options. Anything else is refused: npx `--call`/`-c` and `--shell`
 * run a shell command, an unknown npx option takes the next word as its value (the package
 * spec); uvx `--with`/`--index-url`/`--python PATH` bring in other code; docker `--privileged`,
 * `-v`/`--volume`/`--mount`, `--device`, `--cap-add`, `--security-opt`, `--pid`/`--network`/
 * `--ipc`/`--userns=host` reach into the host and `-p` publishes a port on every interface, so
 * those are for the person to add themselves ("Extra docker arguments"). `-e NAME` hands the
 * container a variable from its environment: only the variables the server declares (the
 * entry's `env`), never whatever the host process happens to have.
 */
const RUNNER_ARGUMENTS: Readonly<Record<string, RunnerArguments>> = {
  npm: {
    switches: ['-y', '--yes'],
    values: { '--package': npmSpec, '-p': npmSpec },
    allowed: '-y, --yes, --package <npm package>, -p <npm package>',
  },
  pypi: {
    switches: [],
    values: {
      '--from': (v) => PYPI_SPEC.test(v),
      '--python': (v) => PYTHON_VERSION.test(v),
      '-p': (v) => PYTHON_VERSION.test(v),
    },
    allowed: '--from <PyPI requirement>, --python <version>',
  },
  oci: {
    switches: ['-i', '--interactive', '--rm', '--init'],
    values: {
      '-e': declaredName,
      '--env': declaredName,
      '--name': (v) => /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/.test(v),
      '--pull': (v) => ['always', 'missing', 'never'].includes(v),
      '--platform': (v) => /^[a-z0-9]+\/[a-z0-9_]+(\/[a-z0-9]+)?$/.test(v),
    },
    allowed:
      '-i, --rm, --init, -e/--env <declared variable>, --name <name>, --pull <policy>, --platform <os/arch>',
  },
  nuget: {
    switches: ['--yes', '--prerelease'],
    values: {},
    allowed: '--yes, --prerelease',
  },
};

/**
 * The first runtime argument the registry gave that its runner does not allow, as a refusal.
 * Values the person typed (`you`, `secret`) are theirs and pass; the registry's own text
 * (`registry`, `template`, `default`) must be an allowed option, or the value of one.
 */
export function refusedRuntimeArgument(
  registryType: string,
  args: readonly PlanValue[],
  declaredEnv: ReadonlySet<string>,
): HostText | undefined {
  const rules = RUNNER_ARGUMENTS[registryType];
  const runner = PACKAGE_RUNNERS[registryType];
  if (!rules || !runner) return undefined;
  const refuse = (argument: string) =>
    registryType === 'oci'
      ? hostText('registry.dockerArgumentRefused', { argument, allowed: rules.allowed })
      : hostText('registry.argumentRefused', { argument, runner, allowed: rules.allowed });
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg || byPerson(arg)) continue;
    const text = arg.text;
    if (rules.switches.includes(text)) continue;
    const eq = text.indexOf('=');
    if (text.startsWith('-') && eq > 0) {
      const rule = rules.values[text.slice(0, eq)];
      if (rule?.(text.slice(eq + 1), declaredEnv)) continue;
      return refuse(text);
    }
    const rule = rules.values[text];
    if (!rule) return refuse(text);
    const next = args[i + 1];
    i++;
    if (next && (byPerson(next) || rule(next.text, declaredEnv))) continue;
    return refuse(next ? `${text} ${next.text}` : text);
  }
  return undefined;
}

function byPerson(value: PlanValue): boolean {
  return value.source === 'you' || value.source === 'secret';
}
