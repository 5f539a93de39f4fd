/** English: where secrets go when the desktop app has no keychain (said where they are entered). */
export const secretStorage = {
  noSecretService:
    'No secret service is running, so secrets are kept in a file only your user can read, not in a keychain.',
  keychainUnavailable:
    'The system keychain is not available, so secrets are kept in a file only your user can read.',
  linuxSummary: 'Keep them in a keychain instead',
  linuxSteps:
    'Install a secret service, such as GNOME Keyring (sudo apt install gnome-keyring) or KWallet, let your desktop session start it, then restart Switchboard. On a desktop Switchboard does not recognise, start it with --password-store=gnome-libsecret.',
};
