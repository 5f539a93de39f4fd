import pkg from '../../package.json';

/** The app's version, from package.json at build time. */
export const appVersion: string = pkg.version;
