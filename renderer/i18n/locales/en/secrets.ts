/** English: Settings → Secrets (values for ${secret:NAME} in the servers file). */
export const secrets = {
  title: 'Secrets',
  help: 'Tokens, client secrets and private keys for servers, including those the server form, installs and imports kept. Write {{reference}} in the servers file instead of the value; the value is kept in the secret store and never shown again.',
  loadFailed: 'Could not list the secrets: {{message}}',
  none: 'No secrets are kept.',
  name: 'Name',
  value: 'Value',
  valueHelp: 'Paste the secret, a PEM key or a token. {{stored}} It cannot be read back here.',
  save: 'Keep secret',
  saved: 'Kept. Refer to it as {{reference}}.',
  badName: 'A name uses letters, digits, "_", "-", ".", ":" and "/" only (at most 200).',
  emptyValue: 'The value is empty.',
  saveFailed: 'Could not keep it: {{message}}',
  delete: 'Delete',
  deleteNamed: 'Delete the secret {{name}}',
  deleteFailed: 'Could not delete it: {{message}}',
  /** What this shell does with secrets (bootstrap's `secretStorage`); every screen says it so. */
  storage: {
    keychain: {
      stored: 'It is stored encrypted with your OS keychain.',
      place: 'the secret store (encrypted with your OS keychain)',
    },
    privateFile: {
      stored: 'It is stored in a file only your user can read.',
      place: 'the secret store (a file only your user can read)',
    },
    memory: {
      stored: 'It is kept in memory only and forgotten when Switchboard quits.',
      place: 'the secret store (in memory only, until Switchboard quits)',
    },
    unknown: {
      stored: 'It is kept in the secret store.',
      place: 'the secret store',
    },
  },
};
