import type { ModelTool } from '../../models/ModelClient';
import type { Tool } from '../session/mcpTypes';

/** A catalogue tool as every model request spells it: its description, or its title or name. */
export function toModelTool(modelName: string, tool: Tool): ModelTool {
  return {
    modelName,
    description: tool.description ?? tool.title ?? tool.name,
    inputSchema: tool.inputSchema,
  };
}
