/** `/search?q=<encoded trimmed query>`, or null when the trimmed query is empty. */
export function buildSearchPath(query: string): string | null {
  const q = query.trim();
  if (!q) return null;
  return `/search?q=${encodeURIComponent(q)}`;
}
