import type { ImportRowResult, UnknownCategory } from '@bazar/contracts/imports';
import { formatNumber, useTranslation } from '../lib/i18n/i18n';

/** What the owner decided about one unknown category path: make it, use a category the shop has, or neither yet. */
export type CategoryChoice = { create: boolean; use: number | null };
/** The decisions, by the path as the dry run wrote it; a path left out is undecided. */
export type CategoryChoices = Record<string, CategoryChoice>;

const NONE: CategoryChoice = { create: false, use: null };

/** The form fields of the import that carry the decisions (issue 29): JSON, or nothing when there are none. */
export function choiceFields(choices: CategoryChoices): Array<[string, string]> {
  const create = Object.entries(choices).flatMap(([path, c]) => (c.create && c.use === null ? [path] : []));
  const map = Object.fromEntries(
    Object.entries(choices).flatMap(([path, c]) => (c.use === null ? [] : [[path, c.use] as const])),
  );
  const fields: Array<[string, string]> = [];
  if (create.length > 0) fields.push(['create_categories', JSON.stringify(create)]);
  if (Object.keys(map).length > 0) fields.push(['map_categories', JSON.stringify(map)]);
  return fields;
}

const decided = (choice: CategoryChoice | undefined) => !!choice && (choice.create || choice.use !== null);

/** The paths of a row that still wait for a decision. */
const undecidedOf = (row: ImportRowResult, choices: CategoryChoices) =>
  (row.unknown_categories ?? []).filter((path) => !decided(choices[path]));

/** The rows the import would refuse for want of a decision (rows refused anyway apart). */
export const rowsWaiting = (results: ImportRowResult[], choices: CategoryChoices) =>
  results.filter((r) => r.action !== 'error' && undecidedOf(r, choices).length > 0);

/** What the table says beside a row about its unknown paths. */
export function useCategoryNotes(unknown: UnknownCategory[], choices: CategoryChoices) {
  const { t } = useTranslation();
  const pathOf = new Map(unknown.flatMap((u) => u.suggestions.map((s) => [s.id, s.path] as const)));
  return (row: ImportRowResult) =>
    (row.unknown_categories ?? []).map((path) => {
      const choice = choices[path];
      if (choice?.use != null)
        return {
          pending: false,
          text: t('importCategories.rowUse', { path, used: pathOf.get(choice.use) ?? '' }),
        };
      if (choice?.create) return { pending: false, text: t('importCategories.rowCreate', { path }) };
      return { pending: true, text: t('importCategories.rowUndecided', { path }) };
    });
}

/**
 * The check step's list of the file's category paths the shop does not have: each with a
 * "Create this category" box and a choice of the nearest categories the shop has ("Use …"), both
 * off at first so nothing is made by accident. The two exclude each other.
 */
export function ImportCategoryChoices({
  unknown,
  choices,
  onChange,
}: {
  unknown: UnknownCategory[];
  choices: CategoryChoices;
  onChange: (choices: CategoryChoices) => void;
}) {
  const { t } = useTranslation();
  if (unknown.length === 0) return null;
  const waiting = unknown.filter((u) => !decided(choices[u.path])).length;
  const set = (path: string, choice: CategoryChoice) => onChange({ ...choices, [path]: choice });
  return (
    <section className="mt-3 mb-3 import-categories" aria-labelledby="import-categories-title">
      <h3 className="h6" id="import-categories-title">
        {t('importCategories.title')}
      </h3>
      <p className="small text-secondary mb-2">{t('importCategories.help')}</p>
      <p className={`small mb-2 ${waiting > 0 ? 'text-warning-emphasis' : 'visually-hidden'}`} role="status">
        {waiting > 0 ? t('importCategories.undecidedCount', { count: waiting }) : ''}
      </p>
      <ul className="list-unstyled mb-0">
        {unknown.map((u, i) => {
          const choice = choices[u.path] ?? NONE;
          const id = `import-category-${i}`;
          const status =
            choice.use !== null
              ? t('importCategories.willUse', {
                  path: u.suggestions.find((s) => s.id === choice.use)?.path ?? '',
                })
              : choice.create
                ? t('importCategories.willCreate')
                : t('importCategories.undecided');
          return (
            <li key={u.path} className="mb-2">
              <fieldset className="border rounded p-2" aria-describedby={`${id}-rows ${id}-status`}>
                <legend className="fs-6 fw-semibold mb-1 text-break">{u.path}</legend>
                <div className="d-flex flex-wrap gap-2 align-items-center small mb-2">
                  <span id={`${id}-rows`} className="text-secondary">
                    {t('importCategories.rows', {
                      count: u.rows.length,
                      rows: u.rows.map((row) => formatNumber(row)).join(', '),
                    })}
                  </span>
                  <span
                    id={`${id}-status`}
                    className={`badge ${decided(choice) ? 'text-bg-success' : 'text-bg-warning'}`}
                  >
                    {status}
                  </span>
                </div>
                <div className="row g-2 align-items-center">
                  <div className="col-12 col-sm-5">
                    <div className="form-check mb-0">
                      <input
                        id={`${id}-create`}
                        type="checkbox"
                        className="form-check-input"
                        checked={choice.create && choice.use === null}
                        onChange={(event) => set(u.path, { create: event.target.checked, use: null })}
                      />
                      <label htmlFor={`${id}-create`} className="form-check-label">
                        {t('importCategories.create')}
                      </label>
                    </div>
                  </div>
                  <div className="col-12 col-sm-7">
                    {u.suggestions.length > 0 ? (
                      <>
                        <label htmlFor={`${id}-use`} className="form-label small mb-1">
                          {t('importCategories.use')}
                        </label>
                        <select
                          id={`${id}-use`}
                          className="form-select form-select-sm"
                          value={choice.use === null ? '' : String(choice.use)}
                          onChange={(event) =>
                            set(u.path, {
                              create: false,
                              use: event.target.value === '' ? null : Number(event.target.value),
                            })
                          }
                        >
                          <option value="">{t('importCategories.useNone')}</option>
                          {u.suggestions.map((s) => (
                            <option key={s.id} value={s.id}>
                              {t('importCategories.useOption', { path: s.path })}
                            </option>
                          ))}
                        </select>
                      </>
                    ) : (
                      <p className="small text-secondary mb-0">{t('importCategories.noSuggestion')}</p>
                    )}
                  </div>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
