import type { enReorder } from './en-reorder';
import type { Shape } from './shape';

/** Bangla texts of what to order next and purchase orders (issue 28). */
export const bnReorder: Shape<typeof enReorder> = {
  title: 'কী অর্ডার করবেন',
};
