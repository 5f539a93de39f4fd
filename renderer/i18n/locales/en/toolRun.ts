/** English: a tool run started from the server view (progress, cancel). */
export const toolRun = {
  progress: 'Progress',
  progressOf: '{{progress}} of {{total}}',
  progressSoFar: '{{progress}} so far',
  elapsed: 'Elapsed {{time}}',
  cancel: 'Cancel',
  cancelHint: 'Esc',
  cancelling: 'Cancelling…',
  cancelled: 'Cancelled',
  cancelledAfter: 'Stopped after {{time}}. The server was asked to stop the call.',
};
