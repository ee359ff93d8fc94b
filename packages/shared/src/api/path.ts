// Zod-free on purpose: the web's first page load imports this (`@reverie/shared/api/path`) without the schemas.

/**
 * Fills the `:params` of an endpoint's path, URL-encoding each value. Throws when a parameter is missing, so a
 * request never goes to `/api/users/undefined`.
 */
export function buildPath(
  endpoint: { readonly path: string },
  params?: Readonly<Record<string, string | number | boolean | null | undefined>>,
): string {
  return endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${endpoint.path}`);
    }
    return encodeURIComponent(String(value));
  });
}
