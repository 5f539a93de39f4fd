import type { ApprovalTool } from './ApprovalBrokerOptions';

/**
 * The parts of a listed tool that an approval shows and pins, copied without the rest of the
 * definition (output schema, `_meta`) and without keys the tool does not have.
 */
export function approvalToolOf(tool: ApprovalTool): ApprovalTool {
  return {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    ...(tool.description ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema,
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
  };
}
