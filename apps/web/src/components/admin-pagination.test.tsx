import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n/i18n';
import { AdminPagination } from './admin-pagination';

/** A paged list's links: named in the screen's language, page numbers in its digits, no English left. */

const meta = { current_page: 2, last_page: 12, per_page: 20, total: 235 };

afterEach(async () => {
  await setLanguage('en');
});

describe('AdminPagination', () => {
  it('names the previous, next and each page, and moves by them', () => {
    const onChange = vi.fn();
    render(<AdminPagination meta={meta} onChange={onChange} limit={5} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange.mock.calls).toEqual([[3], [1], [3]]);
    expect(screen.getByText('2').closest('[aria-current="page"]')).not.toBeNull();
  });

  it('in Bangla has no English word, hidden or shown, and Bengali page numbers', async () => {
    await setLanguage('bn');
    const { container } = render(<AdminPagination meta={meta} onChange={() => undefined} limit={5} />);
    const text = container.textContent ?? '';
    expect(text).not.toMatch(/[A-Za-z]/);
    expect(text).toContain('১২');
    expect(text).not.toMatch(/[0-9]/);
    for (const el of container.querySelectorAll('[aria-label]'))
      expect(el.getAttribute('aria-label')).not.toMatch(/[A-Za-z0-9]/);
  });
});
