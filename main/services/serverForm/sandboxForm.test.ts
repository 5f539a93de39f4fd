import { describe, expect, it } from 'vitest';
import { emptySandboxForm, emptyServerForm } from '../../../shared/domain/serverForm';
import { entryFromForm } from './entryFromForm';
import { formFromEntry } from './formFromEntry';

const none = () => Promise.resolve(false);

describe('the server form’s sandbox', () => {
  it('reads the entry’s sandbox keys and writes them back, keeping what it does not show', async () => {
    const entry = {
      command: 'node',
      sandboxEnabled: true,
      sandbox: {
        filesystem: { allowWrite: ['~/notes'], allowExecute: ['/opt'] },
        network: { allowedDomains: ['api.example.com'] },
        proxy: { keep: true },
      },
    };
    const form = await formFromEntry('notes', entry, none);
    expect(form.sandbox).toEqual({
      ...emptySandboxForm,
      enabled: true,
      allowWrite: ['~/notes'],
      allowedDomains: ['api.example.com'],
    });
    const sandbox = {
      ...emptySandboxForm,
      ...form.sandbox,
      allowWrite: ['~/notes', ' ${roots} ', ''],
      allowedDomains: [],
    };
    const { entry: saved } = entryFromForm({ ...form, sandbox }, entry);
    expect(saved).toEqual({
      command: 'node',
      sandboxEnabled: true,
      sandbox: {
        filesystem: { allowWrite: ['~/notes', '${roots}'], allowExecute: ['/opt'] },
        proxy: { keep: true },
      },
    });
  });

  it('turns it on for a new server, and off without losing the rules', () => {
    const form = { ...emptyServerForm, name: 'x', command: 'node' };
    const on = entryFromForm({ ...form, sandbox: { ...emptySandboxForm, enabled: true } }).entry;
    expect(on).toEqual({ command: 'node', sandboxEnabled: true });
    const previous = {
      command: 'node',
      sandboxEnabled: true,
      sandbox: { network: { allowedDomains: ['a.test'] } },
    };
    const off = entryFromForm(
      { ...form, sandbox: { ...emptySandboxForm, enabled: false, allowedDomains: ['a.test'] } },
      previous,
    ).entry;
    expect(off).toEqual({ ...previous, sandboxEnabled: false });
    // Without a sandbox part the entry's keys stay as written.
    expect(entryFromForm(form, previous).entry).toEqual(previous);
  });
});
