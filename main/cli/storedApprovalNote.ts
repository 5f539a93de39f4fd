import type { ApprovalCall, StoredApproval } from '../services/approvals/ApprovalBrokerOptions';

/**
 * What the CLI prints (stderr) when a tool call ran without `--approve` because of an earlier
 * decision in the app: which one, when, and how to do without it.
 */
export function storedApprovalNote(call: ApprovalCall, approval: StoredApproval): string {
  const tool = `${call.server} › ${call.tool.name}`;
  const why =
    approval.kind === 'readonly-trust'
      ? `it declares itself read-only and "${call.server}" is trusted for read-only tools in Settings`
      : approval.scope === 'always'
        ? `of the "always allow" grant given in the app on ${new Date(approval.grantedAt).toISOString().slice(0, 10)} (Settings → Tool approvals lists and revokes it)`
        : 'you allowed it for this conversation in the app';
  return `Allowed without --approve: ${tool} ran because ${why}. Pass --ignore-grants to leave earlier decisions out.`;
}
