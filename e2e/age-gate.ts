// The age gate as passed (product.md §4: flag 'true', timestamp now, version v3), for a context's init script. In a file of
// its own so the benchmarks can use it without the test runner the harness imports.
export function ageGatePassed(): void {
  try {
    if (window.localStorage.getItem('rv_age_verified') === null) {
      window.localStorage.setItem('rv_age_verified', 'true');
      window.localStorage.setItem('rv_age_verified_at', String(Date.now()));
      window.localStorage.setItem('rv_age_verified_version', 'v3');
    }
  } catch {
    // about:blank and opaque origins have no localStorage
  }
}
