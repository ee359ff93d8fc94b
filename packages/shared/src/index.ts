export * from './constants.ts';
export * from './errors.ts';
export * from './schemas/common.ts';
export * from './schemas/health.ts';
export * from './schemas/users.ts';
export * from './schemas/auth.ts';
export * from './schemas/tags.ts';
export * from './api/index.ts';
