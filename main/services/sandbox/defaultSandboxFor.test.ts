import { describe, expect, it } from 'vitest';
import { defaultSandboxFor, PACKAGE_HOSTS, sandboxesByDefault } from './defaultSandboxFor';

const serverJson = (sandbox: unknown) => ({
  name: 'io.github.ada/notes',
  _meta: { 'io.modelcontextprotocol.registry/publisher-provided': { sandbox } },
});

describe('defaultSandboxFor', () => {
  it('sandboxes registry and bundle installs, with the rules a document declares', () => {
    const rules = {
      filesystem: { allowWrite: ['${roots}'] },
      network: { allowedDomains: ['api.notes.example'] },
    };
    expect(defaultSandboxFor('registry', serverJson(rules))).toEqual({
      sandboxEnabled: true,
      sandbox: rules,
    });
    expect(
      defaultSandboxFor('bundle', { _meta: { 'dev.switchboard': { sandbox: rules } } }),
    ).toEqual({ sandboxEnabled: true, sandbox: rules });
    expect(defaultSandboxFor('bundle', { name: 'x' })).toEqual({ sandboxEnabled: true });
  });

  it('ignores a declaration that is not valid as a whole (the defaults apply)', () => {
    for (const bad of [
      { filesystem: { allowWrite: ['${home}'] } },
      { network: { allowedDomains: ['*'] } },
      { network: { allowedDomains: ['https://x.example'] } },
      { filesystem: { allowExecute: ['/'] } },
      'everything',
    ]) {
      expect(defaultSandboxFor('registry', serverJson(bad))).toEqual({ sandboxEnabled: true });
    }
  });

  it('allows the runner its package hosts, besides what the document declares', () => {
    expect(defaultSandboxFor('registry', { name: 'x' }, PACKAGE_HOSTS.npm)).toEqual({
      sandboxEnabled: true,
      sandbox: { network: { allowedDomains: ['registry.npmjs.org'] } },
    });
    const declared = {
      filesystem: { allowWrite: ['${roots}'] },
      network: { allowedDomains: ['pypi.org', 'api.notes.example'], deniedDomains: ['x.example'] },
    };
    expect(defaultSandboxFor('registry', serverJson(declared), PACKAGE_HOSTS.pypi)).toEqual({
      sandboxEnabled: true,
      sandbox: {
        filesystem: { allowWrite: ['${roots}'] },
        network: {
          allowedDomains: ['pypi.org', 'api.notes.example', 'files.pythonhosted.org'],
          deniedDomains: ['x.example'],
        },
      },
    });
    expect(sandboxesByDefault('npm')).toBe(true);
    expect(sandboxesByDefault('oci')).toBe(false);
  });

  it('leaves entries the person typed or imported as they are', () => {
    expect(defaultSandboxFor('person')).toBeUndefined();
    expect(defaultSandboxFor('import', serverJson({}))).toBeUndefined();
  });
});
