/** Query keys of the billing feature (memberships, payments, coins); every billing query and invalidation uses these. */
export const billingKeys = {
  all: ['billing'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  /** Everything that depends on the caller's membership or balance. */
  account: () => [...billingKeys.all, 'account'] as const,
  status: () => [...billingKeys.account(), 'status'] as const,
  payments: (sessionId?: string) => [...billingKeys.account(), 'payments', sessionId ?? null] as const,
  invoices: () => [...billingKeys.account(), 'invoices'] as const,
  coins: () => [...billingKeys.account(), 'coins'] as const,
  limits: () => [...billingKeys.account(), 'limits'] as const,
  checkout: (id: string) => [...billingKeys.all, 'checkout', id] as const,
};
