export const accountKeys = {
  all: ['account'] as const,
  exports: () => [...accountKeys.all, 'exports'] as const,
};
