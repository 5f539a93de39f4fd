import type { GrantView } from '../../../shared/domain/approvals';
import type { Grant } from './GrantRepository';

/** A stored grant as the grants screen shows it. */
export function toGrantView(grant: Grant): GrantView {
  const base = {
    id: grant.id,
    server: grant.server,
    toolName: grant.toolName,
    grantedAt: grant.grantedAt,
    ...(grant.title !== undefined ? { title: grant.title } : {}),
  };
  return grant.suspension
    ? {
        ...base,
        status: 'suspended',
        suspendedAt: grant.suspension.at,
        change: grant.suspension.change,
      }
    : { ...base, status: 'active' };
}

/** Plain code-unit order: stable across locales, which is all a settings list needs. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
