/** The person's system prompt, then each ready server's instructions, labelled by server. */
export function buildSystemPrompt(
  base: string,
  servers: readonly { name: string; instructions?: string | undefined }[],
): string | undefined {
  const parts = base.trim() ? [base.trim()] : [];
  for (const server of servers) {
    const text = server.instructions?.trim();
    if (text) parts.push(`Instructions from the MCP server “${server.name}”:\n${text}`);
  }
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}
