import type { ComponentType } from 'react';

/** A route whose screen is its own chunk, fetched when the route is first visited. */
export const lazyPage = (load: () => Promise<ComponentType>) => ({
  lazy: async () => ({ Component: await load() }),
});
