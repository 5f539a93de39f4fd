import { z } from 'zod';

/** One model from the API's model list, as the model picker shows it. */
export const modelSummarySchema = z.object({
  id: z.string(),
  displayName: z.string(),
  /** RFC 3339, as the API sends it; newest first in lists. */
  createdAt: z.string(),
  /** Input tokens the model takes at most, when the provider's list says. */
  contextWindow: z.number().int().positive().optional(),
});
export type ModelSummary = z.infer<typeof modelSummarySchema>;
