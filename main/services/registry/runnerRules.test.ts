import { describe, expect, it } from 'vitest';
import type { PlanValue } from '../../../shared/domain/registryReview';
import { formatHostText } from '../../../shared/text/hostText';
import { buildRegistryEntry } from './buildRegistryEntry';
import { registryOrigin } from './registryOrigin';
import { refusedPackage, refusedRuntimeArgument } from './runnerRules';
import type { RegistryPackage, ServerJson } from './serverJson';

const registry = (...texts: string[]): PlanValue[] =>
  texts.map((text) => ({ text, source: 'registry' }));
const refusal = (type: string, args: PlanValue[], declared: string[] = []) => {
  const reason = refusedRuntimeArgument(type, args, new Set(declared));
  return reason ? formatHostText(reason) : undefined;
};

describe('runner allow-lists', () => {
  it('npx: -y and --package of a plain package; no --call, -c, --shell or unknown options', () => {
    expect(refusal('npm', registry('-y', '--package=@scope/tool@1.2.3'))).toBeUndefined();
    expect(refusal('npm', registry('--yes', '-p', 'helper@2'))).toBeUndefined();
    expect(refusal('npm', registry('--call=touch /tmp/x'))).toMatch(/“--call=touch \/tmp\/x”/);
    expect(refusal('npm', registry('-c', 'sh'))).toMatch(/“-c”/);
    expect(refusal('npm', registry('--shell=/bin/sh'))).toMatch(/“--shell=\/bin\/sh”/);
    // An unknown option would take the package spec as its value.
    expect(refusal('npm', registry('--registry'))).toMatch(/“--registry”/);
    expect(refusal('npm', registry('-p', 'git+https://evil.example/x.git'))).toMatch(/“-p git\+/);
    expect(refusal('npm', registry('--package=./local'))).toMatch(/local/);
  });

  it('uvx: --from a requirement and --python a version; never a path, an index or --with', () => {
    expect(refusal('pypi', registry('--from', 'mcp-x[cli]==1.0', '--python=3.12'))).toBeUndefined();
    expect(refusal('pypi', registry('--python', '/tmp/evil/python'))).toMatch(/“--python \/tmp/);
    expect(refusal('pypi', registry('--from', 'git+https://x/y'))).toMatch(/git\+https/);
    expect(refusal('pypi', registry('--with', 'evil'))).toMatch(/“--with”/);
    expect(refusal('pypi', registry('--index-url=https://evil/simple'))).toMatch(/index-url/);
  });

  it('docker: no privileges, mounts, devices, host namespaces or ports; -e only for declared variables', () => {
    expect(
      refusal('oci', registry('--init', '-e', 'TOKEN', '--env=MODE', '--pull', 'always'), [
        'TOKEN',
        'MODE',
      ]),
    ).toBeUndefined();
    for (const args of [
      ['--privileged'],
      ['-v', '/:/host'],
      ['--volume=/:/host'],
      ['--mount', 'type=bind,src=/,dst=/host'],
      ['--device', '/dev/sda'],
      ['--cap-add=SYS_ADMIN'],
      ['--security-opt', 'seccomp=unconfined'],
      ['--pid=host'],
      ['--network=host'],
      ['--ipc=host'],
      ['--userns=host'],
      ['-p', '8080:8080'],
    ]) {
      expect(refusal('oci', registry(...args))).toMatch(/Extra docker arguments/);
    }
    // The host process's own variables are not the registry's to hand in.
    expect(refusal('oci', registry('-e', 'ANTHROPIC_API_KEY'), ['TOKEN'])).toMatch(
      /ANTHROPIC_API_KEY/,
    );
    expect(refusal('oci', registry('-e', 'TOKEN=value'), ['TOKEN'])).toMatch(/TOKEN=value/);
  });

  it('dnx: --yes and --prerelease only', () => {
    expect(refusal('nuget', registry('--prerelease'))).toBeUndefined();
    expect(refusal('nuget', registry('--add-source', 'https://evil/feed'))).toMatch(/add-source/);
  });

  it('what the person typed is theirs; the registry’s default is still the registry’s', () => {
    const typed: PlanValue[] = [
      { text: '--from', source: 'registry' },
      { text: 'whatever the person wants', source: 'you' },
      { text: '--privileged', source: 'you' },
    ];
    expect(refusal('pypi', typed.slice(0, 2))).toBeUndefined();
    expect(refusal('oci', [typed[2] as PlanValue])).toBeUndefined();
    expect(refusal('oci', [{ text: '--privileged', source: 'default' }])).toMatch(/privileged/);
  });

  it('a runtimeHint other than the type’s runner, and identifiers that are not plain names, are refused', () => {
    const pkg = (p: Partial<RegistryPackage>): RegistryPackage => ({
      registryType: 'npm',
      identifier: 'x',
      transport: { type: 'stdio' },
      ...p,
    });
    const reason = (p: Partial<RegistryPackage>) => {
      const r = refusedPackage(pkg(p));
      return r ? formatHostText(r) : undefined;
    };
    expect(reason({ runtimeHint: 'npx' })).toBeUndefined();
    expect(reason({ runtimeHint: 'sh' })).toMatch(/“sh”; npm packages start only with npx/);
    expect(reason({ registryType: 'pypi', runtimeHint: 'python' })).toMatch(
      /PyPI packages start only with uvx/,
    );
    expect(reason({ registryType: 'oci', runtimeHint: 'podman' })).toMatch(/only with docker/);
    expect(reason({ registryType: 'nuget', runtimeHint: 'dotnet' })).toMatch(/only with dnx/);
    expect(reason({ identifier: '--call=sh' })).toMatch(/not a plain npm package name/);
    expect(reason({ identifier: 'https://evil.example/x.tgz' })).toMatch(/not a plain/);
    expect(reason({ registryType: 'oci', identifier: '-v' })).toMatch(/not a plain OCI/);
    expect(reason({ version: '1.0.0 --call=x' })).toMatch(/not a plain version/);
    expect(reason({ version: '${env:HOME}' })).toMatch(/not a plain version/);
  });
});

describe('entries per runner', () => {
  const server = (pkg: Partial<RegistryPackage>): ServerJson => ({
    name: 'io.github.a/b',
    description: 'b',
    version: '1.0.0',
    packages: [{ registryType: 'nuget', identifier: 'x', transport: { type: 'stdio' }, ...pkg }],
  });

  it('NuGet runs as dnx pkg@version --yes, package arguments after --', () => {
    const built = buildRegistryEntry(
      server({
        identifier: 'Contoso.Mcp',
        version: '0.5.0',
        runtimeHint: 'dnx',
        packageArguments: [{ type: 'named', name: '--root', value: '/srv' }],
      }),
      0,
      {},
      'contoso',
    );
    expect(built.entry).toEqual({
      command: 'dnx',
      args: ['Contoso.Mcp@0.5.0', '--yes', '--', '--root', '/srv'],
    });
  });

  it('the person’s docker arguments go after run -i --rm; other runners take none', () => {
    const oci = buildRegistryEntry(
      server({ registryType: 'oci', identifier: 'ghcr.io/a/b:1' }),
      0,
      {},
      'b',
      ['-v', '/home/me/notes:/notes:ro'],
    );
    expect(oci.entry.args).toEqual([
      'run',
      '-i',
      '--rm',
      '-v',
      '/home/me/notes:/notes:ro',
      'ghcr.io/a/b:1',
    ]);
    expect(oci.plan.args[3]).toEqual({ text: '-v', source: 'you' });
    expect(() =>
      buildRegistryEntry(server({ registryType: 'npm', identifier: 'b' }), 0, {}, 'b', ['--x']),
    ).toThrow(/only be added to docker/);
  });
});

describe('registryOrigin', () => {
  it('records the reviewed document and what the person wired, leaving out empty lists', () => {
    const digest = `sha256:${'ab'.repeat(32)}`;
    expect(
      registryOrigin({ name: 'io.github.a/b', version: '1.0.0', digest, secrets: [], env: [] }),
    ).toEqual({ kind: 'registry', name: 'io.github.a/b', version: '1.0.0', digest });
    expect(
      registryOrigin({
        name: 'io.github.a/b',
        version: '1.0.0',
        digest,
        secrets: ['b.TOKEN', 'b.TOKEN'],
        env: ['HOME_DIR'],
      }),
    ).toEqual({
      kind: 'registry',
      name: 'io.github.a/b',
      version: '1.0.0',
      digest,
      secrets: ['b.TOKEN'],
      env: ['HOME_DIR'],
    });
  });
});
