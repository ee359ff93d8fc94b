/** Query keys of the age-assurance feature: the viewer's standing (per account) and the sandbox's checks. */
export const ageKeys = {
  all: ['age-assurance'] as const,
  state: (userId: string | null) => [...ageKeys.all, 'state', userId] as const,
  sandbox: (id: string) => [...ageKeys.all, 'sandbox', id] as const,
};
