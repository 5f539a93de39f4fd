/** English: signing in to remote servers (OAuth). */
export const signIn = {
  title: 'Sign in to use this server',
  body: 'This server asks you to sign in. Your browser opens its sign-in page; come back here when you are done.',
  bodyIssuer:
    'This server asks you to sign in with {{issuer}}. Your browser opens its sign-in page; come back here when you are done.',
  action: 'Sign in',
  waiting: 'Signing in… (waiting for the browser)',
  waitingHint: 'Finish signing in in your browser. Nothing arrived yet?',
  openAgain: 'Open the page again',
  cancel: 'Cancel',
  failed: 'The last sign-in failed: {{message}}',
  section: 'Sign-in',
  state: 'Status',
  signedIn: 'Signed in',
  notSignedIn: 'Not signed in',
  issuer: 'Signed in with',
  scopes: 'Permissions',
  noScopes: '(none listed)',
  signOut: 'Sign out',
  signingOut: 'Signing out…',
  signOutHint: 'Forgets the tokens stored for this server. You will have to sign in again.',
};
