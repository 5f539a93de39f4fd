/** What both first-token benchmarks ask. */
export const FIRST_TOKEN_PROMPT = 'Give me a short overview of what an MCP server does.';

/** ~500 characters in 8-character deltas (the fakes' default): ~65 text deltas. */
export const FIRST_TOKEN_REPLY =
  'An MCP server exposes **tools**, resources and prompts to a host over JSON-RPC. ' +
  'The host starts it (stdio) or connects to it (HTTP), asks what it offers, and lets the ' +
  'model call its tools, with a person approving each call.\n\n' +
  '- Tools are functions the model may call.\n' +
  '- Resources are data the host can read.\n' +
  '- Prompts are templates a person can pick.\n\n' +
  'Each server runs in its own process, so a crash in one never takes the host down.';
