/** English: a server's skills (SEP-2640) in its screen. */
export const skills = {
  tab: 'Skills',
  title: 'Skills',
  intro:
    'Skills are instructions this server offers for kinds of tasks. The model sees only the name and description of the skills you enable, and loads one when a task needs it. Turning a skill on approves it as listed here: if the server changes its description or files, it is turned off until you approve it again. Every file is checked against the size and digest the server listed; a skill that does not match is refused.',
  offline: 'Start the server to see its skills.',
  unsupported: 'This server offers no skills.',
  none: 'The server lists no skills.',
  loading: 'Loading skills…',
  listFailed: 'Could not list the skills: {{message}}',
  offer: 'Offer to the model',
  offered: 'Offered to the model',
  modelName: 'The model calls it',
  files_one: '{{count}} file, {{size}}',
  files_other: '{{count}} files, {{size}}',
  filesLabel: 'Files of {{name}}',
  file: 'File',
  size: 'Size',
  dynamic:
    'This skill publishes no file list with digests, so it cannot be verified and cannot be offered.',
  refused: 'Refused when the model loaded it: {{reason}} Nothing of it was used.',
  refusal: {
    digest: '{{file}} does not match the digest the server listed.',
    size: '{{file}} is not the size the server listed.',
    frontmatter: 'the frontmatter of {{file}} differs from the listing in: {{fields}}.',
    unlisted: '{{file}} is not one of the files the server listed.',
  },
  reapproval: {
    changedTitle: 'Changed since you approved it',
    changedBody:
      'Your approval covered the skill as the server listed it then. It is not offered to the model until you look at what changed and approve it again.',
    unrecordedTitle: 'Approve it again',
    unrecordedBody:
      'You turned this skill on before Switchboard recorded what an approval covers. It is not offered to the model until you approve it as listed now.',
    name: 'Name',
    description: 'Description',
    before: 'Approved',
    sizeChange: '{{before}} to {{after}}',
    after: 'Now',
    fields: 'Also changed: {{fields}}',
    files: 'Files',
    kinds: { added: 'added', removed: 'removed', changed: 'changed' },
    approve: 'Approve as listed now',
    keepOff: 'Keep it off',
  },
  invalidTitle: 'Entries that are not valid skills (ignored)',
  toggleFailed: 'Could not change it: {{message}}',
};
