/** The tool search requests, as plain data (spread into names.ts). */
export const toolSearchRequestNames = [
  'catalog.costs',
  'catalog.setToolAlwaysLoaded',
  'conversation.setToolSearch',
] as const;

export type ToolSearchRequestName = (typeof toolSearchRequestNames)[number];
