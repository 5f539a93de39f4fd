import type {
  ApprovalAnswerScope,
  ApprovalDecider,
  ApprovalOutcome,
  ApprovalPolicy,
  ApprovalScope,
} from '../../../shared/domain/approvals';

/*
 * Every outcome the broker produces, with its reason. A denial's reason is what the model
 * receives as the tool's error, so it says plainly who refused and why, and what not to retry.
 */

/** An allowed call. */
export function allowed(
  decidedBy: ApprovalDecider,
  reason: string,
  scope?: ApprovalScope,
): ApprovalOutcome {
  return scope
    ? { kind: 'allowed', decidedBy, scope, reason }
    : { kind: 'allowed', decidedBy, reason };
}

/** A refused call. */
export function denied(decidedBy: ApprovalDecider, reason: string): ApprovalOutcome {
  return { kind: 'denied', decidedBy, reason };
}

/**
 * The turn stopped (or the person cancelled this call) while it waited: not a refusal, but the
 * call must not run. `reason` replaces the turn-stopped text.
 */
export function cancelled(
  reason = 'Cancelled: the turn was stopped before this tool call was approved.',
): ApprovalOutcome {
  return { kind: 'denied', decidedBy: 'person', reason, cancelled: true };
}

/** A person allowed the call in the dialog (an App's `app` answer has no stored scope). */
export function allowedByPerson(scope: ApprovalAnswerScope): ApprovalOutcome {
  const reasons: Record<ApprovalAnswerScope, string> = {
    once: 'Allowed once by the user.',
    conversation: 'Allowed by the user for this conversation.',
    always: 'Always allowed by the user.',
    app: 'Allowed by the user for this App until it closes.',
  };
  return allowed('person', reasons[scope], scope === 'app' ? undefined : scope);
}

/** A person denied the call; their reason, when given, is passed on to the model. */
export function deniedByPerson(reason: string | undefined): ApprovalOutcome {
  const text = reason?.trim();
  return denied(
    'person',
    text ? `The user denied this tool call: ${text}` : 'The user denied this tool call.',
  );
}

/** An earlier answer (an App's, a conversation's or an "always" grant) covers the call. */
export function allowedByGrant(scope: 'conversation' | 'always' | 'app'): ApprovalOutcome {
  const reasons = {
    always: 'Allowed by a standing "always allow" grant.',
    conversation: 'Allowed by the user for this conversation.',
    app: 'Allowed by the user for this App until it closes.',
  };
  return allowed('grant', reasons[scope], scope === 'app' ? undefined : scope);
}

/** The server is trusted for read-only hints and the tool declares one. */
export function allowedByReadOnlyHint(): ApprovalOutcome {
  return allowed(
    'readonly-hint',
    'Allowed: the tool declares readOnlyHint and its server is trusted for read-only hints.',
  );
}

/** Headless without a policy: the call needs a person and there is none, so it fails closed. */
export function deniedForNoOne(): ApprovalOutcome {
  return denied(
    'policy',
    'Denied: this tool call needs approval, but no one could approve it (Switchboard is running ' +
      'headless without an approval policy). Do not retry it.',
  );
}

/** What a headless policy decides, given the tool's hint and the server's trust. */
export function applyPolicy(
  policy: ApprovalPolicy,
  declaresReadOnly: boolean,
  trusted: boolean,
): ApprovalOutcome {
  switch (policy) {
    case 'all':
      return allowed('policy', 'Allowed by the approval policy "all".');
    case 'none':
      return denied(
        'policy',
        'Denied by the approval policy "none": this run does not allow tool calls.',
      );
    case 'readonly':
      if (declaresReadOnly && trusted) {
        return allowed(
          'policy',
          'Allowed by the approval policy "readonly": the tool declares readOnlyHint and its ' +
            'server is trusted for read-only hints.',
        );
      }
      return denied(
        'policy',
        'Denied by the approval policy "readonly": only tools that declare readOnlyHint on ' +
          `servers trusted for read-only hints may run, and ${
            declaresReadOnly
              ? "this tool's server is not trusted for read-only hints"
              : 'this tool does not declare readOnlyHint'
          }.`,
      );
  }
}
