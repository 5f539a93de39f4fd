import { z } from 'zod';
import { serverSkillsViewSchema } from '../domain/skills';
import { serverName } from './contractSchemas';
import type { RequestDef } from './contract';

/** The skills part of the contract: a server's skills and the user's choices. */
export const skillsRequests = {
  'skills.list': {
    input: z.object({ server: serverName }).strict(),
    output: serverSkillsViewSchema,
    description:
      "One server's skills (SEP-2640) as listed, with the person's choices; no file is fetched.",
  },
  'skills.setEnabled': {
    input: z
      .object({
        server: serverName,
        uri: z.string().min(1).max(4096),
        enabled: z.boolean(),
        /** The `digest` of the view the person approved from: refused if the listing changed. */
        digest: z.string().max(100).optional(),
      })
      .strict(),
    output: serverSkillsViewSchema,
    description:
      'Approves one skill of a server as listed (offered to the model while the listing stays as approved), or turns it off; kept.',
  },
} as const satisfies Record<string, RequestDef>;
