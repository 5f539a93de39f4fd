import { createHash } from 'node:crypto';
import { canonicalJson } from './canonicalJson';

/** The parts of a tool definition a person approves when they say "always". */
export interface PinnableTool {
  name: string;
  description?: string | undefined;
  inputSchema: Readonly<Record<string, unknown>>;
}

/**
 * A snapshot of an approved definition. The hash decides whether the tool changed; the copy of
 * the definition is kept so the person can be shown *what* changed, not only that it did.
 */
export interface ToolPin {
  hash: string;
  name: string;
  description?: string | undefined;
  inputSchema: Record<string, unknown>;
}

/** SHA-256 of the canonical JSON (sorted keys) of the tool's name, description and input schema. */
export function pinHash(tool: PinnableTool): string {
  const identity = {
    name: tool.name,
    // Absent and empty descriptions read the same to a person and to the model.
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
  };
  return createHash('sha256').update(canonicalJson(identity)).digest('hex');
}

/** Pins `tool` as it is now. The schema is deep-copied so later mutation cannot alter the pin. */
export function pinTool(tool: PinnableTool): ToolPin {
  const pin: ToolPin = {
    hash: pinHash(tool),
    name: tool.name,
    inputSchema: structuredClone(tool.inputSchema),
  };
  if (tool.description !== undefined) pin.description = tool.description;
  return pin;
}
