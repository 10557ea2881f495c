import type { ComponentType } from 'react';

/**
 * A route whose screen is its own chunk, fetched when the route is first visited. The screen is
 * drawn in a task after its code has run: running a page's code and drawing it are each a task of
 * 10–40 ms on a laptop (four times that on a cheap phone), and two shorter tasks keep the page
 * answering keys in between.
 */
export const lazyPage = (load: () => Promise<ComponentType>) => ({
  lazy: async () => {
    const Component = await load();
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    return { Component };
  },
});
