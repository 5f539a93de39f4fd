import type { ProtocolPreference } from '../../../shared/domain/serverConfig';
import { MODERN_PROTOCOL_VERSION } from '../../services/mcp/session/mcpTypes';

/** Dated revisions that use the stateful lifecycle (`initialize` handshake). */
const LEGACY_VERSION = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The era preference for the revision the suite asks for (`MCP_CONFORMANCE_PROTOCOL_VERSION`).
 * The suite requires the lifecycle to follow the requested revision: 2026-07-28 (or `draft`, its
 * alias) and later are stateless, older dated revisions use the handshake. Without a revision
 * (a person running the command by hand) the session negotiates, as the app does.
 */
export function protocolPreferenceFor(version: string | undefined): ProtocolPreference {
  const requested = version?.trim();
  if (!requested) return 'auto';
  if (requested === 'draft') return 'modern';
  if (!LEGACY_VERSION.test(requested)) return 'auto';
  // ISO dates compare correctly as strings.
  return requested >= MODERN_PROTOCOL_VERSION ? 'modern' : 'legacy';
}
