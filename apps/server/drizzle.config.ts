import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates SQL migrations from the schema; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
