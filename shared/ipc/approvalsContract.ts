import { z } from 'zod';
import {
  approvalDecisionSchema,
  approvalRequestSchema,
  grantViewSchema,
} from '../domain/approvals';
import { empty } from './contractSchemas';
import type { RequestDef } from './contract';

/** The tool approvals part of the contract: pending requests, answers and remembered grants. */
export const approvalsRequests = {
  'approvals.pending': {
    input: empty,
    output: z.object({ requests: z.array(approvalRequestSchema) }),
    description: 'Tool calls waiting for the person.',
  },
  'approvals.respond': {
    input: z
      .object({ requestId: z.string().min(1).max(200), decision: approvalDecisionSchema })
      .strict(),
    output: z.object({}),
    description: 'The person’s decision on a waiting tool call.',
  },
  'approvals.listGrants': {
    input: empty,
    output: z.object({ grants: z.array(grantViewSchema) }),
    description: '“Always allow” grants, with suspended ones and what changed.',
  },
  'approvals.revokeGrant': {
    input: z.object({ id: z.string().min(1).max(200) }).strict(),
    output: z.object({}),
    description: 'Revokes an “always allow” grant.',
  },
} as const satisfies Record<string, RequestDef>;
