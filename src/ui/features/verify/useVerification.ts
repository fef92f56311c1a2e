import { useSyncExternalStore } from 'react';
import { verification, type VerificationState } from './verification';

/** The verify page's session state; actions are methods of `verification`. */
export function useVerification(): VerificationState {
  return useSyncExternalStore(verification.subscribe, verification.getSnapshot);
}
