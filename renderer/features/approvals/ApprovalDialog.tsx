import { lazy, Suspense } from 'react';
import { useApprovalsStore } from '../../stores/StoresContext';

// The dialog's body loads with the first request: a window with nothing waiting never parses it.
const ApprovalModal = lazy(async () => ({
  default: (await import('./ApprovalModal')).ApprovalModal,
}));

/**
 * The waiting tool calls, one dialog at a time, oldest first ("1 of 3"). An App's requests
 * come one at a time: the dialog says how many more of that App wait behind this one.
 */
export function ApprovalDialog() {
  const pending = useApprovalsStore((s) => s.pending);
  const request = pending[0];
  if (!request) return null;
  // Keyed: each request starts with an empty reason and focus at its title.
  return (
    <Suspense fallback={null}>
      <ApprovalModal key={request.id} request={request} count={pending.length} />
    </Suspense>
  );
}
