// The age-assurance feature's entry (docs/compliance.md): the viewer's standing, the locked notice with its
// "Verify my age" button, and the sandbox's check page.
export { useAgeState } from './api/get-age-state';
export { useCompleteSandboxAgeCheck, useSandboxAgeCheck } from './api/sandbox-age-check';
export { AgeLockBanner } from './components/age-lock-banner';
export { AgeLockNotice, AGE_LOCKED_FALLBACK } from './components/age-lock-notice';
export { VerifyAgeButton } from './components/verify-age-button';
export { ageLockMessage } from './lib/age-locked';
export { returnPath } from './lib/return-path';
