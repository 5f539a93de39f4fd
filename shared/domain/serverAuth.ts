import { z } from 'zod';

/**
 * What the renderer may know about a server's OAuth sign-in: whether there are tokens, and
 * who issued them for which scopes. Never the tokens, the client secret or the registration.
 */
export const serverAuthSchema = z.object({
  signedIn: z.boolean(),
  issuer: z.string().optional(),
  scopes: z.array(z.string()).optional(),
});
export type ServerAuth = z.infer<typeof serverAuthSchema>;
