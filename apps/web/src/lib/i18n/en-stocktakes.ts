/**
 * English texts of counting the shelf (issue 28): the counts, counting with a scanner or the
 * phone's camera, the review and approval. A namespace that comes with the back office's frame
 * (en-back-office.ts), not in a shopper's first load.
 */
export const enStocktakes = {
  title: 'Stock counts',
};
