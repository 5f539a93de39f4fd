/** Node flags the web shell is started with (see webShellNodeFlags.mjs). */
export const WEB_SHELL_NODE_FLAGS: readonly string[];
