import { readFile, rename } from 'node:fs/promises';
import { z } from 'zod';
import type { PinChange } from '../../../shared/domain/approvals';
import type { Logger } from '../../platform/Logger';
import { writeFileAtomic } from '../../platform/writeFileAtomic';
import { grantSchema, type Grant, type GrantRepository } from './GrantRepository';

const fileSchema = z.object({ version: z.literal(1), grants: z.array(z.unknown()) });

/**
 * Grants in one JSON file (`{ version: 1, grants: [...] }`), read once and then served from
 * memory, so a process should hold one instance per file; every change rewrites the file
 * atomically. Changes are queued so two concurrent
 * updates cannot overwrite each other. A corrupt file is moved aside, never overwritten, and
 * its grants are lost from use — the broker then asks again, which is the safe direction.
 */
export class JsonGrantRepository implements GrantRepository {
  private grants: Promise<readonly Grant[]> | undefined;
  /** Entries this build cannot read (newer build, hand edit): kept and written back untouched. */
  private unreadable: unknown[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly log?: Logger,
  ) {}

  async list(): Promise<Grant[]> {
    return (await this.load()).map(copy);
  }

  async find(server: string, toolName: string): Promise<Grant | undefined> {
    const found = (await this.load()).find((g) => g.server === server && g.toolName === toolName);
    return found && copy(found);
  }

  async add(grant: Grant): Promise<void> {
    const stored = copy(grantSchema.parse(grant));
    await this.update((all) => [
      ...all.filter((g) => !(g.server === stored.server && g.toolName === stored.toolName)),
      stored,
    ]);
  }

  async revoke(id: string): Promise<boolean> {
    let found = false;
    await this.update((all) => {
      found = all.some((g) => g.id === id);
      return found ? all.filter((g) => g.id !== id) : all;
    });
    return found;
  }

  suspend(id: string, change: PinChange, at: number): Promise<void> {
    return this.update((all) =>
      all.map((g) =>
        g.id === id ? { ...g, suspension: { at, change: structuredClone(change) } } : g,
      ),
    );
  }

  unsuspend(id: string): Promise<void> {
    return this.update((all) =>
      all.map((g) => {
        if (g.id !== id || !g.suspension) return g;
        const { suspension: _lifted, ...rest } = g;
        return rest;
      }),
    );
  }

  /** Applies `change` after every earlier change, and writes only when something changed. */
  private update(change: (all: readonly Grant[]) => readonly Grant[]): Promise<void> {
    const next = this.queue.then(async () => {
      const before = await this.load();
      const after = change(before);
      if (after === before) return;
      await this.write(after);
      this.grants = Promise.resolve(after);
    });
    // A failed write must not wedge later ones; the caller still sees its own failure.
    this.queue = next.catch(() => undefined);
    return next;
  }

  private load(): Promise<readonly Grant[]> {
    // A failed read (permissions) is retried on the next call rather than remembered.
    this.grants ??= this.read().catch((error: unknown) => {
      this.grants = undefined;
      throw error;
    });
    return this.grants;
  }

  private async write(grants: readonly Grant[]): Promise<void> {
    const body =
      JSON.stringify({ version: 1, grants: [...grants, ...this.unreadable] }, null, 2) + '\n';
    // Grants reveal which tools a person trusts; keep them private like the other state files.
    await writeFileAtomic(this.file, body, 0o600);
  }

  private async read(): Promise<Grant[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    let parsed: z.infer<typeof fileSchema>;
    try {
      parsed = fileSchema.parse(JSON.parse(text));
    } catch (error) {
      this.log?.warn('grants file unreadable; moved aside', { file: this.file, error });
      await rename(this.file, `${this.file}.invalid-${Date.now()}`).catch(() => undefined);
      return [];
    }
    const grants: Grant[] = [];
    const unreadable: unknown[] = [];
    for (const entry of parsed.grants) {
      const grant = grantSchema.safeParse(entry);
      // One bad entry must not cost the person every other grant; it is inert, not deleted.
      if (grant.success) grants.push(grant.data);
      else unreadable.push(entry);
    }
    if (unreadable.length > 0) {
      this.log?.warn('ignoring unreadable grants', { file: this.file, count: unreadable.length });
    }
    this.unreadable = unreadable;
    return grants;
  }
}

function copy(grant: Grant): Grant {
  return structuredClone(grant);
}
