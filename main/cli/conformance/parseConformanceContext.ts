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
  /** Pre-registered OAuth client credentials (auth/pre-registration, client credentials). */
  clientId?: string;
  clientSecret?: string;
  /** private_key_jwt: the client's PEM private key and its algorithm. */
  privateKeyPem?: string;
  signingAlgorithm?: string;
  /** Workload identity: the platform-issued JWT. */
  workloadJwt?: string;
  /** Enterprise-managed authorization: the identity provider and the person's ID token. */
  idp?: { clientId: string; idToken: string; issuer?: string; tokenEndpoint?: string };
}

// Other keys (the scenario name, the workload JWTs meant to be refused) are stripped.
const contextSchema = z.object({
  client_id: z.string().min(1).optional(),
  client_secret: z.string().min(1).optional(),
  private_key_pem: z.string().min(1).optional(),
  signing_algorithm: z.string().min(1).optional(),
  valid_jwt: z.string().min(1).optional(),
  idp_client_id: z.string().min(1).optional(),
  idp_id_token: z.string().min(1).optional(),
  idp_issuer: z.string().min(1).optional(),
  idp_token_endpoint: z.string().min(1).optional(),
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
  const data = parsed.data;
  const idp =
    data.idp_client_id !== undefined && data.idp_id_token !== undefined
      ? {
          clientId: data.idp_client_id,
          idToken: data.idp_id_token,
          ...optional('issuer', data.idp_issuer),
          ...optional('tokenEndpoint', data.idp_token_endpoint),
        }
      : undefined;
  return {
    toolCalls: (data.toolCalls ?? []).map((call) => ({
      name: call.name,
      arguments: call.arguments ?? {},
    })),
    ...optional('clientId', data.client_id),
    ...optional('clientSecret', data.client_secret),
    ...optional('privateKeyPem', data.private_key_pem),
    ...optional('signingAlgorithm', data.signing_algorithm),
    ...optional('workloadJwt', data.valid_jwt),
    ...optional('idp', idp),
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
