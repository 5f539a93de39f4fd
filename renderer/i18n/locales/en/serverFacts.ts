/** How a server's protocol is described in plain words (no "era" jargon). */
export const serverFacts = {
  version: 'MCP version',
  earlier: '(earlier protocol, supported)',
  versionHint: {
    legacy:
      'The server speaks the 2025 protocol, with a session kept between requests. Switchboard supports it fully.',
    modern: 'The server speaks the current (2026) protocol.',
  },
  preference: 'Protocol to use',
  preferences: {
    auto: 'Whichever the server speaks',
    legacy: 'Only the 2025 protocol',
    modern: 'Only the 2026 protocol',
  },
};
