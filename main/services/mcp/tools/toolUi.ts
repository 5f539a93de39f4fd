import {
  getToolUiResourceUri,
  McpUiToolVisibilitySchema,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { z } from 'zod';
import type { ToolUi, ToolVisibility } from '../../../../shared/domain/apps';
import type { Tool } from '../session/mcpTypes';

const visibilityListSchema = z.array(McpUiToolVisibilitySchema);

/** Who may see the tool; the extension's default (absent or unreadable) is both. */
export function toolVisibility(tool: Pick<Tool, '_meta'>): ToolVisibility {
  const meta: unknown = tool._meta?.ui;
  if (typeof meta !== 'object' || meta === null || !('visibility' in meta)) {
    return ['model', 'app'];
  }
  const parsed = visibilityListSchema.safeParse(meta.visibility);
  return parsed.success ? parsed.data : ['model', 'app'];
}

/**
 * The tool's App, if it names a `ui://` resource (`_meta.ui.resourceUri`, or the deprecated flat
 * key). A malformed URI is no UI at all: the tool still works as a plain tool.
 */
export function toolUi(tool: Pick<Tool, '_meta'>): ToolUi | undefined {
  let resourceUri: string | undefined;
  try {
    resourceUri = getToolUiResourceUri(tool);
  } catch {
    return undefined;
  }
  return resourceUri ? { resourceUri, visibility: toolVisibility(tool) } : undefined;
}

/** The model is offered the tool (the extension: never when its visibility lacks "model"). */
export function isVisibleToModel(tool: Pick<Tool, '_meta'>): boolean {
  return toolVisibility(tool).includes('model');
}

/** An App of the same server may call the tool. */
export function isVisibleToApps(tool: Pick<Tool, '_meta'>): boolean {
  return toolVisibility(tool).includes('app');
}
