import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  sandboxViolationSchema,
  type SandboxAllowance,
  type SandboxViolation,
} from '../../../shared/domain/serverSandbox';
import { writeFileAtomic } from '../../platform/writeFileAtomic';
import type { Attempt } from './classifyViolation';

/** Recent refused attempts kept per server (repeats counted, not kept twice). */
export const VIOLATIONS_KEPT = 50;

/**
 * Two witnesses of one attempt (the OS and the error the server reported) arrive this close
 * together: the second is the same attempt, not a repeat.
 */
const SAME_ATTEMPT_MS = 2_000;

const storedSchema = z.array(sandboxViolationSchema).max(VIOLATIONS_KEPT);

/**
 * One server's recent refused attempts, newest first, kept in a file in the data folder (which
 * sandboxed servers can neither read nor write) so the CLI and the next run see them too. The
 * same attempt seen again — by another witness too — counts up instead of adding a row; a
 * precise witness (the OS, the proxy) replaces an inferred one.
 */
export class ViolationLog {
  private list: SandboxViolation[] = [];
  private loading: Promise<void> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(private readonly file: string) {}

  /** The recent attempts, newest first (loaded from the file on first use). */
  async recent(): Promise<SandboxViolation[]> {
    await this.load();
    return [...this.list];
  }

  /** Records one attempt; returns it as kept, and whether it is a new row. */
  async record(
    attempt: Attempt,
    shown: { target: string; allow: SandboxAllowance | undefined },
    at: number,
  ): Promise<{ violation: SandboxViolation; isNew: boolean }> {
    await this.load();
    const index = this.list.findIndex((v) => v.kind === attempt.kind && v.target === shown.target);
    const previous = index === -1 ? undefined : this.list[index];
    const sameAttempt =
      previous !== undefined &&
      previous.source !== attempt.source &&
      Math.abs(at - previous.at) < SAME_ATTEMPT_MS;
    const violation: SandboxViolation = {
      id: previous?.id ?? randomUUID().slice(0, 8),
      at: sameAttempt ? previous.at : at,
      kind: attempt.kind,
      target: shown.target,
      source: previous && attempt.source === 'error' ? previous.source : attempt.source,
      count: (previous?.count ?? 0) + (sameAttempt ? 0 : 1),
      ...(shown.allow ? { allow: shown.allow } : {}),
    };
    if (index !== -1) this.list.splice(index, 1);
    this.list.unshift(violation);
    this.list.length = Math.min(this.list.length, VIOLATIONS_KEPT);
    this.save();
    return { violation, isNew: previous === undefined };
  }

  async find(id: string): Promise<SandboxViolation | undefined> {
    await this.load();
    return this.list.find((v) => v.id === id);
  }

  /** Resolves once what was recorded is on disk. */
  flushed(): Promise<void> {
    return this.writing;
  }

  private load(): Promise<void> {
    this.loading ??= readStored(this.file).then((stored) => {
      // Recorded before the file was read: those are newer.
      this.list = [...this.list, ...stored].slice(0, VIOLATIONS_KEPT);
    });
    return this.loading;
  }

  private save(): void {
    if (this.dirty) return;
    this.dirty = true;
    this.writing = this.writing.then(async () => {
      this.dirty = false;
      await writeFileAtomic(this.file, JSON.stringify(this.list, null, 1), 0o600).catch(
        () => undefined,
      );
    });
  }
}

/** The attempts kept in `file`; none when it is missing or not ours. */
export async function readStored(file: string): Promise<SandboxViolation[]> {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
