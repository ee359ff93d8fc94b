// What the app's shell loads on demand (React.lazy, import()), for tests that render it. An import still running when
// a test ends can outlive the worker's environment (one module graph per worker, isolate: false) and fail the worker's
// last file ("Cannot load … after the environment was torn down"). Awaited in beforeAll, every lazy() then resolves
// from the module cache.

/** The header's on-demand parts: the onboarding gate, the account menu, the notification bell. */
export async function loadHeaderParts(): Promise<void> {
  await Promise.all([
    import('@/features/users/components/onboarding-gate'),
    import('@/app/layout/account-actions'),
    import('@/features/notifications/components/notification-bell'),
  ]);
}

/** The whole shell's: the header's, the layout's banners and sync, the toaster, scrolling to an anchor. */
export async function loadShellParts(): Promise<void> {
  await Promise.all([
    loadHeaderParts(),
    import('@/components/ui/toaster'),
    import('@/features/auth/components/unverified-email-banner'),
    import('@/app/layout/app-status'),
    import('@/features/favorites/components/merge-local-sync'),
    import('@/lib/scroll-to-anchor'),
  ]);
}
