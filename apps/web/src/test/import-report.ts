import type { ImportReport } from '@bazar/contracts/imports';

/** A dry run of three rows: one new, one update, one refused. */
export const checked = (overrides: Partial<ImportReport> = {}): ImportReport => ({
  dry_run: true,
  applied: false,
  rows: 3,
  created: 1,
  updated: 1,
  unchanged: 0,
  refused: 1,
  errors: [{ row: 4, field: 'price', message: 'The price must be a number.' }],
  results: [
    { row: 2, action: 'create', title: 'Miniket Rice' },
    { row: 3, action: 'update', title: 'Moong Dal' },
    { row: 4, action: 'error', title: 'Red Lentil' },
  ],
  new_brands: ['Fresh'],
  new_categories: ['Food', 'Food > Rice'],
  ...overrides,
});
