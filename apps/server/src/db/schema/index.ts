export * from './users.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './tags.ts';
export * from './characters.ts';
export * from './social.ts';
export * from './categories.ts';
export * from './payments.ts';
