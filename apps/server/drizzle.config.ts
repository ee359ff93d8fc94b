import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations into src/db/migrations; they are committed and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
