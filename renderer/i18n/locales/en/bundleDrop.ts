/** English: dropping an `.mcpb` file onto the window. */
export const bundleDrop = {
  overlayTitle: 'Drop the .mcpb bundle to review it',
  overlayHelp: 'Nothing is installed until you confirm.',
  hint: 'Or drop an .mcpb file anywhere in this window.',
  reading: 'Reading {{name}}… {{percent}}%',
  cancel: 'Cancel',
  problems: {
    notBundle: '“{{name}}” is not an .mcpb bundle: drop a file whose name ends in .mcpb.',
    tooLarge: '“{{name}}” is {{size}}; bundles up to {{max}} can be installed.',
    unreadable:
      '“{{name}}” could not be read: it is empty, was moved, or this window may not read it. Open it by its path instead.',
    host: 'The bundle could not be read: {{message}}',
  },
};
