import type { CreatorPeriod } from '@reverie/shared';

/** Query keys of the creators feature (top creators; profiles live under usersKeys). */
export const creatorsKeys = {
  all: ['creators'] as const,
  top: (period: CreatorPeriod) => [...creatorsKeys.all, 'top', period] as const,
};
