/**
 * English texts of writing stock off and the shrinkage report (issue 28). A namespace that comes
 * with the back office's frame (en-back-office.ts), not in a shopper's first load.
 */
export const enShrinkage = {
  title: 'Shrinkage',
};
