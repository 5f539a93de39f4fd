/** Exporting a conversation as Markdown or JSON. */
export const exporting = {
  menu: 'Export {{title}}',
  markdown: 'Export as Markdown',
  json: 'Export as JSON',
  failed: 'Could not export the conversation: {{message}}',
  fallbackName: 'conversation',
  // The words inside an exported Markdown file.
  you: 'You',
  assistant: 'Assistant',
  subtitle: 'Exported from Switchboard on {{date}} · model {{model}}',
  defaultModel: 'the default model',
  toolCall: 'Tool call',
  arguments: 'Arguments',
  result: 'Result',
  attached: 'Attached:',
  image: 'Image',
  cutOff: 'This reply was cut off.',
};
