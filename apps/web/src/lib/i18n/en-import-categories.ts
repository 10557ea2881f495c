/**
 * English texts of the product import's category decisions (issue 29): the check step lists the
 * category paths of the file the shop does not have, each to create or to replace by an existing
 * one. They come with the back office's frame (en-back-office.ts), not in a shopper's first load.
 */
export const enImportCategories = {
  title: 'Categories the shop does not have',
  help: 'No category of the shop has these paths. Tick "Create this category" to add one, or choose a category the shop has to use instead. The rows of a path left undecided are not imported.',
  rows_one: 'Row {{rows}}',
  rows_other: 'Rows {{rows}}',
  create: 'Create this category',
  use: 'Or use a category the shop has',
  useNone: 'None chosen',
  useOption: 'Use {{path}}',
  noSuggestion: 'The shop has no category like it.',
  undecided: 'Needs a decision',
  willCreate: 'Will be created',
  willUse: 'Will use {{path}}',
  rowUndecided: 'New category {{path}}: needs a decision',
  rowCreate: 'New category {{path}}: will be created',
  rowUse: '{{path}}: will use {{used}}',
  decideFirst:
    'Decide about each category the shop does not have, or tick "Skip the rows with errors" to leave their rows out.',
  undecidedCount_one: '{{count}} category path still needs a decision.',
  undecidedCount_other: '{{count}} category paths still need a decision.',
};
