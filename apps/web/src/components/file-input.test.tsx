import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n/en-back-office';
import { setLanguage } from '../lib/i18n/i18n';
import { FileInput } from './file-input';

/** A file field whose button and file name are in the screen's language, the real input under them. */

afterEach(async () => {
  await setLanguage('en');
});

function Labelled({ onChange }: { onChange: (file: File | null) => void }) {
  return (
    <>
      <label htmlFor="picture">Picture</label>
      <FileInput id="picture" accept="image/png" onChange={(e) => onChange(e.target.files?.[0] ?? null)} />
    </>
  );
}

describe('FileInput', () => {
  it('is reached by its label, takes a file, and names it in place of "No file chosen"', async () => {
    const onChange = vi.fn();
    render(<Labelled onChange={onChange} />);
    expect(screen.getByText('Choose file')).toBeVisible();
    expect(screen.getByText('No file chosen')).toBeVisible();
    const input = screen.getByLabelText('Picture');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/png');
    const file = new File(['png'], 'eggs.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onChange).toHaveBeenCalledWith(file);
    expect(screen.getByText('eggs.png')).toBeVisible();
    expect(screen.queryByText('No file chosen')).toBeNull();
  });

  it('speaks Bangla on a Bangla screen, with no English word of its own', async () => {
    await setLanguage('bn');
    const { container } = render(<Labelled onChange={() => undefined} />);
    expect(screen.getByText('ফাইল বাছুন')).toBeVisible();
    expect(screen.getByText('কোনো ফাইল বাছা হয়নি')).toBeVisible();
    expect(container.querySelector('.file-input')?.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('starts empty again when the form draws a new one after sending', async () => {
    function Form() {
      const [round, setRound] = useState(0);
      return (
        <>
          <label htmlFor="story">Image</label>
          <FileInput key={round} id="story" />
          <button type="button" onClick={() => setRound((n) => n + 1)}>
            Sent
          </button>
        </>
      );
    }
    render(<Form />);
    fireEvent.change(screen.getByLabelText('Image'), {
      target: { files: [new File(['x'], 'banner.jpg', { type: 'image/jpeg' })] },
    });
    expect(screen.getByText('banner.jpg')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Sent' }));
    expect(screen.queryByText('banner.jpg')).toBeNull();
    expect((screen.getByLabelText('Image') as HTMLInputElement).files).toHaveLength(0);
  });
});
