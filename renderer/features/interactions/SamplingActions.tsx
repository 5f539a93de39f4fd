import { useInteractionsStore } from '../../stores/StoresContext';
import { RejectControls } from './RejectControls';
import { rejectDecision } from './samplingEdits';

/**
 * A sampling stage's action row: the reason and Reject (answered to the server), and the one
 * button that moves the request on. Both wait while an answer is on its way.
 */
export function SamplingActions({
  id,
  label,
  testId,
  onConfirm,
}: {
  id: string;
  label: string;
  testId: string;
  onConfirm: () => void;
}) {
  const respond = useInteractionsStore((s) => s.respondSampling);
  const responding = useInteractionsStore((s) => s.responding[id] === true);
  return (
    <RejectControls
      id={id}
      disabled={responding}
      onReject={(reason) => void respond(id, rejectDecision(reason))}
    >
      <button
        type="button"
        className="button button--primary"
        disabled={responding}
        onClick={onConfirm}
        data-testid={testId}
      >
        {label}
      </button>
    </RejectControls>
  );
}
