import { z } from 'zod';

/**
 * Names one tool run the person started from the server view, chosen by the renderer so it can
 * cancel the run and match progress to it before the answer arrives. Bounded and plain so it is
 * safe in logs and maps.
 */
export const toolRunIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, "_" and "-" only');

/** Longest progress message forwarded to the renderer; a server may send anything. */
export const TOOL_RUN_MESSAGE_MAX = 500;

/** A progress report of a running tool call (`notifications/progress`), throttled by main. */
export const toolRunProgressSchema = z.object({
  runId: toolRunIdSchema,
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().max(TOOL_RUN_MESSAGE_MAX).optional(),
});

export type ToolRunProgress = z.infer<typeof toolRunProgressSchema>;
