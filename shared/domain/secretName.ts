import { z } from 'zod';

/**
 * Names a `${secret:NAME}` reference may carry, wherever the value was kept (the server form,
 * an install, an import, Settings → Secrets or the CLI): one alphabet, easy to read and never
 * confused with other `${...}` syntaxes.
 */
export const SECRET_NAME_PATTERN = /^[A-Za-z0-9_.:/-]{1,200}$/;

/** Generous for a PEM key or a JWT; a bigger value is a mistake, not a secret. */
export const MAX_SECRET_CHARS = 65_536;

export const secretNameSchema = z.string().regex(SECRET_NAME_PATTERN);
