import { z } from 'zod';

/** What one running server costs right now: its whole process tree. */
export const serverCostSchema = z.object({
  server: z.string(),
  /** The process the host started (the root of the tree). */
  pid: z.number().int().positive(),
  /** Processes in the tree, the root included. */
  processes: z.number().int().nonnegative(),
  /** Resident memory of the tree, in bytes. */
  rssBytes: z.number().nonnegative(),
  /** CPU of the tree since the previous sample, in percent of one core (absent on the first). */
  cpuPercent: z.number().nonnegative().optional(),
  /** Its memory kept rising over the samples seen so far, far beyond where it started. */
  growing: z.boolean(),
});
export type ServerCost = z.infer<typeof serverCostSchema>;

/** One sample of every running local server (remote servers cost nothing here). */
export const serverCostsSchema = z.object({
  at: z.number(),
  servers: z.array(serverCostSchema),
  /** The host's own process, for comparison. */
  host: z.object({ rssBytes: z.number().nonnegative() }),
  /** Why nothing could be measured on this system, when that is so. */
  unavailable: z.string().optional(),
});
export type ServerCosts = z.infer<typeof serverCostsSchema>;
