import type { SubscriptionView } from '../../../shared/domain/attachments';
import { resourceKey } from '../../stores/draftAttachments';

/** Whether an attachment's resource is watched, and whether it changed after `since`. */
export function watchState(
  subscriptions: Readonly<Record<string, SubscriptionView>>,
  attachment: { server: string; uri?: string | undefined },
  since: number,
): { watching: boolean; changed: boolean } {
  // Only resources have URIs, and only a non-empty URI can be subscribed to.
  const subscription = attachment.uri
    ? subscriptions[resourceKey(attachment.server, attachment.uri)]
    : undefined;
  const changedAt = subscription?.changedAt;
  return {
    watching: subscription !== undefined,
    changed: changedAt !== undefined && changedAt > since,
  };
}
