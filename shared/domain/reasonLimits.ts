// Longest reasons a person can type. No schemas here: the window's dialogs use these at start-up.

/** A deny reason goes to the model verbatim, so keep it sane. */
export const MAX_DENY_REASON = 2000;

/** A reject reason goes to the server verbatim. */
export const MAX_REJECT_REASON = 2000;
