/**
 * Main's messages about signing in to servers (OAuth): discovery, registration, tokens and the browser step, in English (part of `hostMessages`, under `auth`; the Chinese
 * words are in renderer/i18n/locales/zhCN/authHost.ts).
 */
export const authMessages = {
  browserSignInNotAllowed:
    'The authorization server asked for a browser sign-in, but this server is set up for "grant": "{{grant}}".',
  noBrowserSignIn: 'This server does not sign in through a browser.',
  emptyWorkloadToken: 'The workload identity token is empty.',
  refusedWorkloadToken:
    'The authorization server refused this workload identity token; it is not sent again until it changes.',
  idpRefused: 'The identity provider did not grant access to this server: {{detail}}',
  notPrivateKey: 'oauth.privateKey is not a private key in PEM (PKCS#8 or PKCS#1) or JWK form.',
  unknownKeyType:
    'oauth.privateKey is a {{type}} key; say which algorithm signs with it in oauth.signingAlgorithm.',
  needed: 'This server needs you to sign in.',
  notNeeded: 'The server “{{name}}” does not need a sign-in now.',
  notRemote: 'The server “{{name}}” does not use sign-in (only remote servers do).',
  issuerMetadata:
    'The authorization server described itself as a different issuer than the one it was found at; its metadata was refused.',
  issuerMissing:
    'The sign-in answer did not say which authorization server sent it, although that server promised to; it was refused. Try signing in again.',
  issuerMismatch:
    'The sign-in answer did not come from the expected authorization server (issuer mismatch); it was refused. Try signing in again.',
  resourceMismatch:
    "The server's authorization metadata is for a different resource than this server; sign-in was refused so no token is obtained for the wrong place.",
  serverMoved: 'The server moved to another authorization server while signing in. Sign in again.',
  registrationRefused:
    'The authorization server refused to register this app (HTTP {{status}}). A client id may have to be configured for this server.',
  insecure: 'The authorization server asks for credentials over plain HTTP; they were not sent.',
  moreScope: 'The server needs more permissions. Sign in again to grant them.',
  moreScopeNamed: 'The server needs more permissions ({{scope}}). Sign in again to grant them.',
  serverSaid: 'The authorization server said: {{detail}} ({{code}})',
  failed: 'Sign-in failed: {{detail}}',
  didNotStart: 'The sign-in did not start.',
  notHttps:
    'The authorization server’s sign-in page is not an https address ({{origin}}); it was not opened.',
  notOpened: 'The sign-in page was not opened.',
  stateMismatch:
    'The sign-in answer does not belong to the sign-in started here (state mismatch); it was refused. Start the sign-in again.',
  noneInProgress: 'No sign-in is in progress for this server. Start the sign-in again.',
  incomplete: 'The sign-in did not complete.',
  emptyAnswer: 'The sign-in answer carried neither a code nor an error.',
  itSaid: '{{base}} It said: {{description}}',
  codes: {
    accessDenied: 'Access was denied at the authorization server.',
    invalidScope: 'The authorization server does not grant the requested permissions.',
    unauthorizedClient: 'The authorization server does not allow this app to sign in this way.',
    serverError: 'The authorization server failed.',
    unavailable: 'The authorization server is busy; try again shortly.',
    other: 'The authorization server refused the sign-in ({{code}}).',
  },
  timedOut:
    'The sign-in timed out: the browser did not come back within {{minutes}} min. Try again.',
  portInUse:
    'Port {{port}} for the sign-in redirect is in use by another program. Close it, or change "redirectPort" in the server’s "oauth" settings.',
  cannotListen: 'Could not listen for the sign-in redirect: {{detail}}',
  cancelled: 'The sign-in was cancelled.',
};
