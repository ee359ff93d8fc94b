export * from './users.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './tags.ts';
export * from './payments.ts';
