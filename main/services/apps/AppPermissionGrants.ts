import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { appPermissionSchema, type AppPermission } from '../../../shared/domain/apps';
import type { Logger } from '../../platform/Logger';
import { writeFileAtomic } from '../../platform/writeFileAtomic';

const fileSchema = z.object({
  version: z.literal(1),
  /** `server\nuri` → the permissions the person allowed that App. */
  allowed: z.record(z.string(), z.array(appPermissionSchema)),
});
type GrantsFile = z.infer<typeof fileSchema>;

/**
 * Browser permissions (camera, microphone, geolocation, clipboard) the person allowed an App,
 * per server and resource. An App gets a permission only when it declared it and is allowed it.
 */
export class AppPermissionGrants {
  private state: GrantsFile = { version: 1, allowed: {} };
  private loaded: Promise<void> | undefined;
  private write: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly log: Logger,
  ) {}

  async allowed(server: string, uri: string): Promise<AppPermission[]> {
    await this.load();
    return this.state.allowed[key(server, uri)] ?? [];
  }

  async set(server: string, uri: string, permissions: readonly AppPermission[]): Promise<void> {
    await this.load();
    const id = key(server, uri);
    const allowed = Object.fromEntries(
      Object.entries(this.state.allowed).filter(([k]) => k !== id),
    );
    if (permissions.length > 0) allowed[id] = [...new Set(permissions)].sort();
    this.state = { version: 1, allowed };
    const text = JSON.stringify(this.state, null, 2) + '\n';
    this.write = this.write.then(() => writeFileAtomic(this.file, text));
    await this.write;
  }

  private load(): Promise<void> {
    this.loaded ??= readFile(this.file, 'utf8').then(
      (text) => {
        const parsed = fileSchema.safeParse(parseJson(text));
        if (parsed.success) this.state = parsed.data;
        else this.log.warn('App permissions unreadable; none allowed', { file: this.file });
      },
      (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
          this.log.warn('App permissions unreadable; none allowed', { error });
        }
      },
    );
    return this.loaded;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function key(server: string, uri: string): string {
  return `${server}\n${uri}`;
}
