import type { HostOAuthProvider } from './HostOAuthProvider';
import type { MachineOAuthProvider } from './MachineOAuthProvider';

/**
 * A remote server's OAuth client, as the transports and the sign-in flow use it: the browser
 * sign-in ({@link HostOAuthProvider}, `interactive`) or a grant without a person
 * ({@link MachineOAuthProvider}: client credentials, workload identity, enterprise-managed).
 */
export type ServerOAuthProvider = HostOAuthProvider | MachineOAuthProvider;
