import { money, stockLevel } from '@bazar/contracts/numbers';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from '../components/text-field';
import { fieldMessage, numberInput, toNumber, useZodForm } from './forms';

/** A form like the back office's: a contracts JSON schema, number inputs, one text field. */
const schema = z.object({
  title: z.string().trim().min(1, 'The title field is required.'),
  price: money('json', 'price'),
  offprice: money('json', 'offerPrice').nullable(),
  qty: stockLevel('json'),
});

function Form({ onSend }: { onSend: (body: z.output<typeof schema>) => void }) {
  const { register, handleSubmit, formState } = useZodForm(schema, {
    defaultValues: { title: '', offprice: null, qty: 1 },
  });
  const { errors } = formState;
  return (
    <form onSubmit={handleSubmit(onSend)} noValidate>
      <TextField id="title" label="Title" error={errors.title?.message} {...register('title')} />
      <TextField
        id="price"
        label="Price"
        error={fieldMessage(errors.price, 'Enter a whole number, 0 or more')}
        {...numberInput(register, 'price')}
      />
      <TextField
        id="offprice"
        label="Offer price"
        error={errors.offprice?.message}
        {...numberInput(register, 'offprice', { empty: null })}
      />
      <TextField id="qty" label="QTY" error={errors.qty?.message} {...numberInput(register, 'qty')} />
      <button type="submit">Save</button>
    </form>
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('toNumber', () => {
  it("reads a plain decimal as the server does (contracts' plainDecimal) and keeps anything else as text", () => {
    const read = toNumber();
    expect(read('12')).toBe(12);
    expect(read(' 0.25 ')).toBe(0.25);
    expect(read('-3')).toBe(-3);
    expect(read('')).toBeUndefined();
    expect(toNumber(null)('  ')).toBeNull();
    expect(toNumber(0)('')).toBe(0);
    // Not numbers, never turned into one: the schema refuses them.
    expect(read('0x10')).toBe('0x10');
    expect(read('1e3')).toBe('1e3');
    expect(read('12abc')).toBe('12abc');
    expect(read(7)).toBe(7);
  });
});

describe('useZodForm with numberInput', () => {
  it('sends what the shared schema gives back: JSON numbers, null for an empty optional number', async () => {
    const onSend = vi.fn();
    render(<Form onSend={onSend} />);
    type('Title', '  Rice ');
    type('Price', '450');
    type('QTY', '2.25');
    save();
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend.mock.calls[0]?.[0]).toEqual({ title: 'Rice', price: 450, offprice: null, qty: 2.25 });
  });

  it("marks each refused field with the schema's (or the screen's) words and sends nothing", async () => {
    const onSend = vi.fn();
    render(<Form onSend={onSend} />);
    type('Offer price', '1e3');
    type('QTY', '0.125');
    save();
    const marks = {
      Title: 'The title field is required.',
      Price: 'Enter a whole number, 0 or more', // left empty
      'Offer price': 'The offer price must be a number.',
      QTY: 'The qty may have at most two decimals.',
    };
    expect(await screen.findByText(marks.Title)).toBeVisible();
    for (const [label, message] of Object.entries(marks)) {
      // Under its field, and read with it (aria-describedby).
      expect(screen.getByText(message)).toBeVisible();
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    }
    expect(onSend).not.toHaveBeenCalled();
  });

  it('clears a mark as soon as its field is fixed, before the next submit', async () => {
    render(<Form onSend={vi.fn()} />);
    save();
    expect(await screen.findByText('The title field is required.')).toBeVisible();
    type('Title', 'Rice');
    await waitFor(() => expect(screen.queryByText('The title field is required.')).toBeNull());
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Title')).not.toHaveAccessibleDescription();
    // The other mark stays until its own field is fixed.
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
    type('Price', '-5');
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
    type('Price', '5');
    await waitFor(() => expect(screen.getByLabelText('Price')).not.toHaveAttribute('aria-invalid'));
  });
});

describe('fieldMessage', () => {
  it("shows the server's and a screen's own words as they are, a schema's refusal in the catalogue's", () => {
    expect(fieldMessage(undefined, 'x')).toBeUndefined();
    expect(fieldMessage({ type: 'server', message: 'Taken.' }, 'x')).toBe('Taken.');
    expect(fieldMessage({ type: 'manual', message: 'Amount is large' }, 'x')).toBe('Amount is large');
    expect(fieldMessage({ type: 'too_small', message: 'The price must not be negative.' }, 'x')).toBe('x');
    expect(fieldMessage({ type: 'too_small', message: 'The price must not be negative.' })).toBe(
      'The price must not be negative.',
    );
  });
});
