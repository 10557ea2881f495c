import type { enStocktakes } from './en-stocktakes';
import type { Shape } from './shape';

/** Bangla texts of counting the shelf (issue 28). */
export const bnStocktakes: Shape<typeof enStocktakes> = {
  title: 'স্টক গণনা',
};
