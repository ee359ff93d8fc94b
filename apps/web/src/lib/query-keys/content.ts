/** Query keys of the content feature (legal pages, guides, FAQ, diagnostics). */
export const contentKeys = {
  legal: ['legal'] as const,
  legalPage: (slug: string) => [...contentKeys.legal, slug] as const,
  guides: ['guides'] as const,
  guide: (slug: string) => [...contentKeys.guides, slug] as const,
  faq: ['faq'] as const,
  health: ['health'] as const,
  apiRoutes: ['api-routes'] as const,
};
