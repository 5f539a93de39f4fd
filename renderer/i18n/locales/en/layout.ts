/** The window's layout: the sidebar rail, the overlay of narrow windows, the servers' summary. */
export const layout = {
  collapseSidebar: 'Collapse sidebar',
  expandSidebar: 'Expand sidebar',
  closeSidebar: 'Close the sidebar',
  servers: {
    show: 'Show all servers',
    hide: 'Show only servers that need you',
    ready_one: '{{count}} ready',
    ready_other: '{{count}} ready',
    failed_one: '{{count}} failed',
    failed_other: '{{count}} failed',
    signIn_one: '{{count}} to sign in',
    signIn_other: '{{count}} to sign in',
    starting_one: '{{count}} starting',
    starting_other: '{{count}} starting',
    waiting_one: '{{count}} starts when used',
    waiting_other: '{{count}} start when used',
    off_one: '{{count}} off',
    off_other: '{{count}} off',
  },
  /** Tools the model is offered of those the server lists (some switched off or App-only). */
  toolsOffered_one: '{{offered}} of {{count}} tool',
  toolsOffered_other: '{{offered}} of {{count}} tools',
  /** A ready server's tools and the tokens their definitions take. */
  serverCost: '{{tools}} · ~{{tokens}}',
};
