/** The dock where a conversation's server requests show (sampling, forms, pages to open). */
export const dock = {
  resize: 'Resize the requests panel',
  resizeHint: 'Drag, or use the arrow keys, to give the request more or less room',
  maximize: 'Give the request all the room',
  restore: 'Back to the usual size',
};
