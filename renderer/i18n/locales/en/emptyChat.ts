/** A new chat's welcome: which servers' tools the model can use, and which are not available. */
export const emptyChat = {
  ready_one: '{{name}} can use the tools of your {{count}} ready server. You approve each call.',
  ready_other: '{{name}} can use the tools of your {{count}} ready servers. You approve each call.',
  noneReady: 'None of your servers is ready: {{name}} can chat, but cannot use tools.',
  starting_one: '{{count}} more is starting.',
  starting_other: '{{count}} more are starting.',
  unavailable: 'Not available:',
  openServer: 'Open {{name}} to see why',
};
