import { z } from 'zod';
import { pinChangeSchema, type PinChange } from '../../../shared/domain/approvals';

/** The stored form of a pin (see pinTool.ts): hash plus the approved definition. */
export const toolPinSchema = z.object({
  hash: z.string().min(1),
  name: z.string(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
});

/**
 * An "always allow" grant for one tool of one server. While `suspension` is set the grant does
 * not apply: the tool changed after it was approved.
 */
export const grantSchema = z.object({
  id: z.string().min(1),
  server: z.string(),
  toolName: z.string(),
  title: z.string().optional(),
  pin: toolPinSchema,
  grantedAt: z.number(),
  suspension: z.object({ at: z.number(), change: pinChangeSchema }).optional(),
});
export type Grant = z.infer<typeof grantSchema>;

/**
 * Where "always" grants live. Kept minimal so another store (SQLite) can implement it.
 * Implementations never hand out objects they will later mutate.
 */
export interface GrantRepository {
  /** Every grant, active and suspended. */
  list(): Promise<Grant[]>;
  /** The grant for `toolName` on `server`, if any (at most one exists). */
  find(server: string, toolName: string): Promise<Grant | undefined>;
  /** Stores `grant`, replacing any grant for the same server and tool (re-approval re-pins). */
  add(grant: Grant): Promise<void>;
  /** Deletes the grant; false when no grant has that id. */
  revoke(id: string): Promise<boolean>;
  /** Marks the grant suspended because of `change` (replacing an earlier suspension). */
  suspend(id: string, change: PinChange, at: number): Promise<void>;
  /** Lifts a suspension (the tool is back to the approved definition). */
  unsuspend(id: string): Promise<void>;
}
