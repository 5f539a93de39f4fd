import { z } from 'zod';

/** One model from the API's model list, as the model picker shows it. */
export const modelSummarySchema = z.object({
  id: z.string(),
  displayName: z.string(),
  /** RFC 3339, as the API sends it; newest first in lists. */
  createdAt: z.string(),
});
export type ModelSummary = z.infer<typeof modelSummarySchema>;
