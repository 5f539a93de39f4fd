// How much of a tool result travels at once. No schemas here: the window uses these at start-up.

/** Largest tool-result preview sent with events; "show all" fetches the rest. */
export const TOOL_RESULT_PREVIEW_CHARS = 20_000;

/**
 * Most characters of a tool result's text sent in one answer: "show all" of a result of many
 * megabytes reads it in slices this large, so no answer (and no parse in a window) grows with it.
 */
export const TOOL_RESULT_TEXT_SLICE_CHARS = 256 * 1024;
