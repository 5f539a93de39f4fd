import { z } from 'zod';
import type { HostText, HostTextKey } from './hostText';

/** What crosses IPC: checked loosely (the key is looked up; an unknown one shows as English). */
export const hostTextSchema: z.ZodType<HostText> = z.lazy(() =>
  z.object({
    key: z.string().max(200) as unknown as z.ZodType<HostTextKey>,
    params: z
      .record(
        z.string(),
        z.union([
          z.string(),
          z.number(),
          hostTextSchema,
          z.array(z.union([z.string(), z.number(), hostTextSchema])).max(100),
        ]),
      )
      .optional(),
  }),
);
