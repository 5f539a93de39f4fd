import { z } from 'zod';
import { AppError, AppErrorCode } from '../../../shared/errors';

/** One tool call a scenario asks the client to make, by the tool's original name. */
export interface PlannedToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** What the client uses from `MCP_CONFORMANCE_CONTEXT`. */
export interface ConformanceContext {
  /** Calls the scenario wants made, with exactly these arguments (header scenarios). */
  toolCalls: PlannedToolCall[];
  /** Pre-registered OAuth client credentials (auth/pre-registration). */
  clientId?: string;
  clientSecret?: string;
}

// Other keys (the scenario name, credentials of extension scenarios) are stripped.
const contextSchema = z.object({
  client_id: z.string().min(1).optional(),
  client_secret: z.string().min(1).optional(),
  toolCalls: z
    .array(
      z.object({
        name: z.string().min(1),
        arguments: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
});

/**
 * Reads the suite's scenario context (JSON in `MCP_CONFORMANCE_CONTEXT`, absent for most
 * scenarios). Rejects with VALIDATION when it is not the documented shape: guessing at a
 * malformed context would make the scenario fail for a reason nobody can see.
 */
export function parseConformanceContext(json: string | undefined): ConformanceContext {
  if (json === undefined || json.trim() === '') return { toolCalls: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new AppError(
      AppErrorCode.Validation,
      `MCP_CONFORMANCE_CONTEXT is not valid JSON: ${(error as Error).message}`,
    );
  }
  const parsed = contextSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError(
      AppErrorCode.Validation,
      `MCP_CONFORMANCE_CONTEXT has an unexpected shape: ${z.prettifyError(parsed.error)}`,
    );
  }
  const { client_id: clientId, client_secret: clientSecret } = parsed.data;
  return {
    toolCalls: (parsed.data.toolCalls ?? []).map((call) => ({
      name: call.name,
      arguments: call.arguments ?? {},
    })),
    ...(clientId !== undefined ? { clientId } : {}),
    ...(clientSecret !== undefined ? { clientSecret } : {}),
  };
}
