import {
  isThirdParty,
  type ServerOrigin,
  type ThirdPartyOriginKind,
} from '../../../shared/domain/serverOrigin';
import { hostText, type HostText } from '../../../shared/text/hostText';
import type { ValueReference } from './secretReferences';

/**
 * Which references an entry from a third party (a registry document, a bundle manifest) may
 * resolve: only the names its install wired, or the person added in the server form.
 */
export interface ReferencePolicy {
  source: ThirdPartyOriginKind;
  env: ReadonlySet<string>;
  secrets: ReadonlySet<string>;
}

/** The policy of an entry's origin; undefined when the person's own references resolve freely. */
export function referencePolicy(origin: ServerOrigin | undefined): ReferencePolicy | undefined {
  if (!isThirdParty(origin)) return undefined;
  return {
    source: origin.kind,
    env: new Set(origin.env ?? []),
    secrets: new Set(origin.secrets ?? []),
  };
}

/** Whether `policy` lets an entry resolve `reference` (always, without a policy). */
export function mayResolve(
  policy: ReferencePolicy | undefined,
  reference: ValueReference,
): boolean {
  if (!policy) return true;
  return (reference.kind === 'env' ? policy.env : policy.secrets).has(reference.name);
}

/** "from the MCP Registry" / "from a bundle", for messages about such an entry. */
export function originSource(source: ThirdPartyOriginKind): HostText {
  return hostText(source === 'registry' ? 'origin.registry' : 'origin.bundle');
}
