import type { enShrinkage } from './en-shrinkage';
import type { Shape } from './shape';

/** Bangla texts of writing stock off and the shrinkage report (issue 28). */
export const bnShrinkage: Shape<typeof enShrinkage> = {
  title: 'স্টক ক্ষতি',
};
