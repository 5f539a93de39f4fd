import type { WebPreferences } from 'electron';

/**
 * Throws unless the preferences keep the renderer isolated. Called at every window creation
 * so a careless edit fails at once instead of shipping an insecure window.
 */
export function assertWindowSecurity(prefs: WebPreferences): void {
  const problems: string[] = [];
  const must = <K extends keyof WebPreferences>(key: K, expected: WebPreferences[K]): void => {
    if (prefs[key] !== expected) problems.push(`${key} must be ${JSON.stringify(expected)}`);
  };
  must('contextIsolation', true);
  must('sandbox', true);
  must('nodeIntegration', false);
  must('nodeIntegrationInWorker', false);
  must('nodeIntegrationInSubFrames', false);
  must('webSecurity', true);
  must('allowRunningInsecureContent', false);
  must('experimentalFeatures', false);
  must('webviewTag', false);
  if (!prefs.disableBlinkFeatures?.split(',').includes('Auxclick')) {
    problems.push('disableBlinkFeatures must include Auxclick');
  }
  if (!prefs.preload) problems.push('preload must be set');
  if (problems.length > 0) {
    throw new Error(`Insecure window settings: ${problems.join('; ')}`);
  }
}
