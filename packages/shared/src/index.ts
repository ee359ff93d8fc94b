export * from './constants.ts';
export * from './errors.ts';
export * from './schemas/health.ts';
export * from './schemas/common.ts';
