import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockFetch } from '../../test/fetch-mock';
import { checked } from '../../test/import-report';
import { renderRoutes } from '../../test/render';
import { mockXhr } from '../../test/xhr-mock';
import { ProductsPage } from './products-page';

/** The back office's session, as login keeps it (`info`). */
const signIn = () => localStorage.setItem('info', 'admin-token');

const emptyPage = {
  body: {
    data: [],
    meta: { current_page: 1, from: null, last_page: 1, per_page: 20, to: null, total: 0 },
    links: { first: '', last: '', prev: null, next: null },
  },
};

const csvFile = () => new File(['title,price\nMiniket Rice,420\n'], 'products.csv', { type: 'text/csv' });

async function openProductImport() {
  mockFetch({ 'GET /api/products?page=1': emptyPage });
  renderRoutes([{ path: '/admin/products', element: <ProductsPage /> }], '/admin/products');
  fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
  return screen.findByRole('dialog', { name: 'Import products' });
}

describe('the products import screen', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('checks the file first, shows every row, and imports only once the errors are skipped', async () => {
    signIn();
    let answerApply: (() => void) | undefined;
    const sent = mockXhr({
      'POST /api/product/import': (body) =>
        body.get('dry_run') === '1'
          ? { body: { data: checked() } }
          : new Promise((resolve) => {
              answerApply = () => resolve({ body: { data: checked({ dry_run: false, applied: true }) } });
            }),
    });
    const dialog = await openProductImport();
    const check = within(dialog).getByRole('button', { name: 'Check file' });

    // No file yet: the screen says so and sends nothing.
    fireEvent.click(check);
    expect(await within(dialog).findByText('Choose a file to import.')).toBeVisible();
    expect(sent).toHaveLength(0);

    const file = csvFile();
    const zip = new File([new Uint8Array([0x50, 0x4b])], 'pictures.zip', { type: 'application/zip' });
    fireEvent.change(within(dialog).getByLabelText('File (CSV or XLSX)'), { target: { files: [file] } });
    fireEvent.change(within(dialog).getByLabelText('Pictures (ZIP, optional)'), { target: { files: [zip] } });
    fireEvent.click(check);

    // The summary, what it adds, and the rows (the refused one marked, with its message).
    expect(await within(dialog).findByText('What the file does')).toBeVisible();
    // The keyboard goes on from the summary (the button that was pressed is gone).
    await waitFor(() => expect(document.activeElement?.textContent).toBe('What the file does'));
    expect(within(dialog).getByRole('status').textContent).toBe(
      '3 rows read: 1 new, 1 updated, 0 without change, 1 with errors.',
    );
    expect(sent[0]?.body.get('dry_run')).toBe('1');
    expect(sent[0]?.body.get('file')).toBe(file);
    expect(sent[0]?.body.get('images')).toBe(zip);
    expect(sent[0]?.headers.authorization).toBe('Bearer admin-token');
    expect(within(dialog).getByText('Brands to add: Fresh')).toBeVisible();
    expect(within(dialog).getByText('Categories to add: Food; Food > Rice')).toBeVisible();
    const table = within(dialog).getByRole('table');
    const refused = within(table).getByText('Red Lentil').closest('tr');
    expect(refused?.className).toContain('table-danger');
    expect(refused?.textContent).toContain('price: The price must be a number.');
    expect(within(table).getByText('Miniket Rice').closest('tr')?.textContent).toContain('New');
    expect(within(table).getByText('Moong Dal').closest('tr')?.textContent).toContain('Update');

    // Errors block the import until the owner says to skip those rows.
    const importButton = within(dialog).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    expect(within(dialog).getByText(/Correct the rows with errors/)).toBeVisible();
    fireEvent.click(within(dialog).getByLabelText('Skip the rows with errors and import the others'));
    expect(importButton).toBeEnabled();

    // Only the rows with errors, on request.
    fireEvent.click(within(dialog).getByLabelText('Show only the rows with errors'));
    expect(within(dialog).queryByText('Moong Dal')).toBeNull();

    fireEvent.click(importButton);
    // While the server works: the bar, told to assistive technology too.
    const bar = await within(dialog).findByRole('progressbar', { name: 'Progress of the upload' });
    await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe('Reading the file on the server…'));
    expect(sent[1]?.body.get('skip_errors')).toBe('1');
    expect(sent[1]?.body.get('dry_run')).toBeNull();

    await act(async () => answerApply?.());
    expect(
      await within(dialog).findByText(
        /Imported: 1 new, 1 updated, 0 without change\. 1 row with errors was left out\./,
      ),
    ).toBeVisible();
  });

  it('asks about each category path the shop does not have, and sends the choices with the import', async () => {
    signIn();
    const dry = checked({
      rows: 3,
      created: 3,
      updated: 0,
      refused: 0,
      errors: [],
      results: [
        { row: 2, action: 'create', title: 'Rce One', unknown_categories: ['Food > Rce'] },
        { row: 3, action: 'create', title: 'Rce Two', unknown_categories: ['Food > Rce'] },
        { row: 4, action: 'create', title: 'Chips', unknown_categories: ['Snacks > Chips'] },
      ],
      new_categories: [],
      unknown_categories: [
        {
          path: 'Food > Rce',
          rows: [2, 3],
          suggestions: [
            { id: 7, path: 'Food > Rice' },
            { id: 9, path: 'Food > Rice > Miniket' },
          ],
        },
        { path: 'Snacks > Chips', rows: [4], suggestions: [] },
      ],
    });
    const sent = mockXhr({
      'POST /api/product/import': (body) =>
        body.get('dry_run') === '1'
          ? { body: { data: dry } }
          : {
              body: { data: checked({ dry_run: false, applied: true, created: 3, refused: 0, errors: [] }) },
            },
    });
    const dialog = await openProductImport();
    fireEvent.change(within(dialog).getByLabelText('File (CSV or XLSX)'), { target: { files: [csvFile()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByText('Categories the shop does not have')).toBeVisible();

    // Each path once, nothing decided at first: every row of it waits, and nothing can be imported.
    const rce = within(dialog).getByRole('group', { name: 'Food > Rce' });
    const chips = within(dialog).getByRole('group', { name: 'Snacks > Chips' });
    expect(within(rce).getByText('Rows 2, 3')).toBeVisible();
    const createRce = within(rce).getByLabelText('Create this category');
    const useRce = within(rce).getByLabelText<HTMLSelectElement>('Or use a category the shop has');
    expect(createRce).not.toBeChecked();
    expect(useRce.value).toBe('');
    expect([...useRce.options].map((o) => o.text)).toEqual([
      'None chosen',
      'Use Food > Rice',
      'Use Food > Rice > Miniket',
    ]);
    expect(within(chips).getByText('The shop has no category like it.')).toBeVisible();
    expect(within(chips).queryByRole('combobox')).toBeNull();
    expect(within(dialog).getByText('2 category paths still need a decision.')).toBeVisible();
    const table = within(dialog).getByRole('table');
    const rowOne = within(table).getByText('Rce One').closest('tr');
    expect(rowOne?.className).toContain('table-warning');
    expect(within(rowOne as HTMLElement).getByText('Needs a decision')).toBeVisible();
    expect(rowOne?.textContent).toContain('New category Food > Rce: needs a decision');
    const importButton = within(dialog).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    expect(within(dialog).getByText(/Decide about each category the shop does not have/)).toBeVisible();

    // Ticking and choosing exclude each other.
    fireEvent.click(createRce);
    expect(createRce).toBeChecked();
    fireEvent.change(useRce, { target: { value: '7' } });
    expect(createRce).not.toBeChecked();
    expect(within(rce).getByText('Will use Food > Rice')).toBeVisible();
    expect(rowOne?.className).not.toContain('table-warning');
    expect(within(rowOne as HTMLElement).queryByText('Needs a decision')).toBeNull();
    expect(rowOne?.textContent).toContain('Food > Rce: will use Food > Rice');
    expect(importButton).toBeDisabled();
    fireEvent.click(within(chips).getByLabelText('Create this category'));
    expect(within(table).getByText('Chips').closest('tr')?.textContent).toContain(
      'New category Snacks > Chips: will be created',
    );
    expect(importButton).toBeEnabled();

    fireEvent.click(importButton);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]?.body.get('create_categories')).toBeNull();
    expect(JSON.parse(String(sent[1]?.body.get('create_categories')))).toEqual(['Snacks > Chips']);
    expect(JSON.parse(String(sent[1]?.body.get('map_categories')))).toEqual({ 'Food > Rce': 7 });
    expect(await within(dialog).findByText(/Imported: 3 new/)).toBeVisible();
  });

  it('lets the owner leave undecided rows out by skipping the rows with errors', async () => {
    signIn();
    const sent = mockXhr({
      'POST /api/product/import': (body) => ({
        body: {
          data: checked({
            dry_run: body.get('dry_run') === '1',
            applied: body.get('dry_run') !== '1',
            refused: 0,
            errors: [],
            results: [
              { row: 2, action: 'create', title: 'Miniket Rice', unknown_categories: ['Food > Rce'] },
              { row: 3, action: 'update', title: 'Moong Dal' },
            ],
            unknown_categories: [
              { path: 'Food > Rce', rows: [2], suggestions: [{ id: 7, path: 'Food > Rice' }] },
            ],
          }),
        },
      }),
    });
    const dialog = await openProductImport();
    fireEvent.change(within(dialog).getByLabelText('File (CSV or XLSX)'), { target: { files: [csvFile()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    const skip = await within(dialog).findByLabelText('Skip the rows with errors and import the others');
    const importButton = within(dialog).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    fireEvent.click(skip);
    expect(importButton).toBeEnabled();
    fireEvent.click(importButton);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body.get('skip_errors')).toBe('1');
    expect(sent[1]?.body.get('create_categories')).toBeNull();
    expect(sent[1]?.body.get('map_categories')).toBeNull();
  });

  it('says the category choices in Bangla', async () => {
    signIn();
    await act(() => setLanguage('bn'));
    mockXhr({
      'POST /api/product/import': {
        body: {
          data: checked({
            results: [
              { row: 2, action: 'create', title: 'Miniket Rice', unknown_categories: ['Food > Rce'] },
            ],
            unknown_categories: [
              { path: 'Food > Rce', rows: [2], suggestions: [{ id: 7, path: 'Food > Rice' }] },
            ],
          }),
        },
      },
    });
    mockFetch({ 'GET /api/products?page=1': emptyPage });
    renderRoutes([{ path: '/admin/products', element: <ProductsPage /> }], '/admin/products');
    fireEvent.click(await screen.findByRole('button', { name: 'ইমপোর্ট' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('#import-file') as HTMLInputElement, {
      target: { files: [csvFile()] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ফাইল যাচাই করুন' }));
    const group = await within(dialog).findByRole('group', { name: 'Food > Rce' });
    expect(within(group).getByLabelText('এই ক্যাটাগরি তৈরি করুন')).not.toBeChecked();
    expect(within(group).getByRole('option', { name: 'Food > Rice ব্যবহার করুন' })).toBeInTheDocument();
    expect(within(group).getByText('সারি ২')).toBeVisible();
  });

  it('shows the share of the file sent, then the server at work', async () => {
    signIn();
    let halfway: (() => void) | undefined;
    let answer: (() => void) | undefined;
    mockXhr(
      {
        'POST /api/product/import': () =>
          new Promise((resolve) => {
            answer = () => resolve({ body: { data: checked() } });
          }),
      },
      { halfway: new Promise((resolve) => (halfway = resolve)) },
    );
    const dialog = await openProductImport();
    fireEvent.change(within(dialog).getByLabelText('File (CSV or XLSX)'), { target: { files: [csvFile()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    const bar = await within(dialog).findByRole('progressbar', { name: 'Progress of the upload' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(within(dialog).getByText('Uploading… 50%')).toBeVisible();
    // Nothing closes the screen while the file is on its way.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await act(async () => halfway?.());
    await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe('Reading the file on the server…'));
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    await act(async () => answer?.());
    expect(await within(dialog).findByText('What the file does')).toBeVisible();
  });

  it('never offers to import a file whose header row is wrong', async () => {
    signIn();
    mockXhr({
      'POST /api/product/import': {
        body: {
          data: checked({
            created: 0,
            updated: 1,
            refused: 0,
            errors: [{ row: 1, field: 'colour', message: "This is not one of the template's columns." }],
            results: [{ row: 2, action: 'update', title: 'Moong Dal' }],
          }),
        },
      },
    });
    const dialog = await openProductImport();
    fireEvent.change(within(dialog).getByLabelText('File (CSV or XLSX)'), { target: { files: [csvFile()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    const alert = await within(dialog).findByText(/The header row of the file is not right/);
    expect(alert.closest('.alert')?.textContent).toContain(
      "colour: This is not one of the template's columns.",
    );
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(within(dialog).queryByLabelText(/Skip the rows with errors/)).toBeNull();
  });

  it("says the server's refusal of the file (too large) and lets the owner choose another", async () => {
    signIn();
    mockXhr({
      'POST /api/product/import': {
        status: 413,
        body: { message: 'The file may not be greater than 20 MB.', code: 'too_large' },
      },
    });
    const dialog = await openProductImport();
    fireEvent.change(within(dialog).getByLabelText('File (CSV or XLSX)'), { target: { files: [csvFile()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The file may not be greater than 20 MB.',
    );
    expect(within(dialog).getByLabelText('File (CSV or XLSX)')).toBeEnabled();
  });

  it('downloads the template CSV', async () => {
    const clicked: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:template', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const fetchMock = mockFetch({
      'GET /api/products?page=1': emptyPage,
      'GET /api/product/import/template': { body: 'title,price' },
    });
    renderRoutes([{ path: '/admin/products', element: <ProductsPage /> }], '/admin/products');
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import products' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(clicked).toEqual(['products-template.csv']));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/product/import/template')).toBe(true);
    click.mockRestore();
  });
});
