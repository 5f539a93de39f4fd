import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Logger } from '../../platform/Logger';
import { writeFileAtomic } from '../../platform/writeFileAtomic';

const fileSchema = z.object({
  version: z.literal(1),
  enabled: z.array(z.object({ server: z.string(), uri: z.string() })),
});

/**
 * Which skills the person enabled, per server, kept in `skills.json`. A skill is the pair of
 * the server's name and its `SKILL.md` URI (two servers may serve the same URI). Nothing is
 * enabled until the person says so: skills are instructions a server gives the model.
 */
export class SkillPreferences {
  private readonly enabled = new Set<string>();
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string | undefined,
    private readonly log: Logger,
  ) {}

  async load(): Promise<void> {
    if (!this.file) return;
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return; // none yet
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = fileSchema.safeParse(json);
    if (!parsed.success) {
      this.log.warn('ignoring an unreadable skills file', { file: this.file });
      return;
    }
    for (const { server, uri } of parsed.data.enabled) this.enabled.add(key(server, uri));
  }

  isEnabled(server: string, uri: string): boolean {
    return this.enabled.has(key(server, uri));
  }

  /** Records the choice and writes the file (writes are serialized). */
  async set(server: string, uri: string, enabled: boolean): Promise<void> {
    if (enabled) this.enabled.add(key(server, uri));
    else this.enabled.delete(key(server, uri));
    const { file } = this;
    if (!file) return;
    const content = {
      version: 1,
      enabled: [...this.enabled].map(
        (entry) => JSON.parse(entry) as { server: string; uri: string },
      ),
    };
    const next = this.writing
      .catch(() => undefined)
      .then(() => writeFileAtomic(file, `${JSON.stringify(content, null, 2)}\n`));
    this.writing = next;
    await next;
  }
}

function key(server: string, uri: string): string {
  return JSON.stringify({ server, uri });
}
