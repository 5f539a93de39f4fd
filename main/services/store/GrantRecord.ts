/** How far a grant reaches. */
export type GrantScope = 'always' | 'conversation';

/** What changed in a tool's definition since it was approved; kept with a suspended grant. */
export interface GrantChange {
  /** Pin hash of the definition as it is now. */
  pinHash: string;
  /** Which parts differ. */
  fields: Array<'name' | 'description' | 'inputSchema'>;
  /** Anything the approvals UI wants to show (e.g. a diff); stored as JSON. */
  detail?: unknown;
}

/** A standing permission to call one tool of one server without asking. */
export interface GrantRecord {
  id: string;
  server: string;
  tool: string;
  scope: GrantScope;
  /** Set exactly when `scope` is `conversation`. */
  conversationId: string | null;
  /** Hash of the tool's name, description and input schema when it was granted. */
  pinHash: string;
  createdAt: number;
  /** A suspended grant does not allow anything until the person approves the changed tool. */
  suspended: boolean;
  suspendedAt: number | null;
  change: GrantChange | null;
}

/** Input of `saveGrant`. */
export interface SaveGrantInput {
  server: string;
  tool: string;
  scope: GrantScope;
  conversationId?: string;
  pinHash: string;
}

/** Filters of `listGrants`. */
export interface ListGrantsFilter {
  server?: string;
  conversationId?: string;
}
