/**
 * English texts of what to order next and purchase orders (issue 28). A namespace that comes with
 * the back office's frame (en-back-office.ts), not in a shopper's first load.
 */
export const enReorder = {
  title: 'What to order',
};
