import type { RequestHandlers } from '../../../shared/ipc/contract';
import type { ServerSecrets } from './ServerSecrets';

/**
 * Settings → Secrets: the same store the server form, installs and imports write and servers
 * and OAuth providers read. Each answer is the names now kept, never a value.
 */
export function createSecretHandlers(
  secrets: ServerSecrets,
): Pick<RequestHandlers, 'secrets.list' | 'secrets.set' | 'secrets.delete'> {
  return {
    'secrets.list': async () => ({ names: await secrets.names() }),
    'secrets.set': async ({ name, value }) => {
      await secrets.set(name, value);
      return { names: await secrets.names() };
    },
    'secrets.delete': async ({ name }) => {
      await secrets.delete(name);
      return { names: await secrets.names() };
    },
  };
}
