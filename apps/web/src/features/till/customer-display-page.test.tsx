import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { mockFetch } from '../../test/fetch-mock';
import { advance, useFakeClock } from '../../test/timers';
import { CustomerDisplayPage } from './customer-display-page';
import { useCustomerDisplayPublisher } from './customer-display-publisher';
import { DISPLAY_CHANNEL, displayOfSale, THANKS_MS, type DisplayState } from './customer-display-state';
import { addToCart, newSale, settle, type TillSale } from './till-sale';

const shop = {
  name: 'Bazar Mirpur',
  address: '',
  phone: '',
  payment_numbers: 'bKash 01711000001, Nagad 01811000002',
  tz: 'Asia/Dhaka',
  receipt_footer: '',
};
const tea = { id: 3, title: 'Tea', attri: '200 g', title_bn: 'চা', price: 150, offprice: null };
const setting = { ship: 60, tillShip: false };
const teaSale = (edit: Partial<TillSale> = {}): TillSale => ({
  ...newSale(),
  lines: addToCart([], tea).lines,
  ...edit,
});

/** The test's own end of the channel: what it hears, and a way to speak. */
const channels: BroadcastChannel[] = [];
function listen() {
  const channel = new BroadcastChannel(DISPLAY_CHANNEL);
  channels.push(channel);
  const heard: unknown[] = [];
  channel.onmessage = (event: MessageEvent) => heard.push(event.data);
  return { channel, heard, send: (data: unknown) => channel.postMessage(data) };
}
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

function renderDisplay() {
  mockFetch({ 'GET /api/shop-info': { body: { data: shop } } });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <CustomerDisplayPage />
    </QueryClientProvider>,
  );
}

const stateOf = (state: DisplayState) => ({ type: 'state', state });

describe('the customer display page', () => {
  it('says hello as it opens, then shows what the till sends: lines, total, change, the thanks', async () => {
    const till = listen();
    renderDisplay();
    expect(await screen.findByRole('heading', { name: 'Bazar Mirpur' })).toBeVisible();
    expect(screen.getByText('Welcome')).toBeVisible();
    await waitFor(() => expect(till.heard).toContainEqual({ type: 'hello' }));

    till.send(
      stateOf(
        displayOfSale(teaSale({ entry: { method: 'cash', amount: '500', reference: '' } }), setting, 'en'),
      ),
    );
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(items).toHaveTextContent('Tea 200 g');
    expect(items).toHaveTextContent('1 x 150');
    expect(screen.getByRole('listitem', { current: true })).toHaveTextContent('Tea');
    expect(screen.getByTestId('display-total')).toHaveTextContent('150 BDT');
    expect(screen.getByTestId('display-change')).toHaveTextContent('350 BDT');
    expect(screen.queryByRole('img')).toBeNull();

    // Junk changes nothing.
    till.send({ type: 'state', state: { kind: 'idle', lang: 'xx' } });
    till.send('hello');
    till.send(stateOf(displayOfSale(teaSale(), setting, 'en')));
    await waitFor(() => expect(screen.queryByTestId('display-change')).toBeNull());
    expect(screen.getByRole('region', { name: 'Items' })).toBeVisible();

    useFakeClock();
    till.send(stateOf({ kind: 'thanks', lang: 'en', owed: 150, paid: 150, change: 350 }));
    expect(await screen.findByText('Thank you!')).toBeVisible();
    expect(screen.getByTestId('display-change')).toHaveTextContent('350 BDT');
    // The till shows its empty sale at once: the thanks stays a few seconds, then the welcome.
    till.send(stateOf({ kind: 'idle', lang: 'en' }));
    await advance(THANKS_MS - 1000);
    expect(screen.getByText('Thank you!')).toBeVisible();
    await advance(1000);
    expect(await screen.findByText('Welcome')).toBeVisible();
  });

  it("shows a QR code of the shop's bKash number and the amount, in the till's language", async () => {
    const till = listen();
    renderDisplay();
    await screen.findByRole('heading', { name: 'Bazar Mirpur' });
    till.send(
      stateOf(
        displayOfSale(teaSale({ entry: { method: 'bkash', amount: '', reference: '' } }), setting, 'en'),
      ),
    );
    const qr = () => screen.getByRole('img', { name: 'QR code: bKash 01711000001, 150 BDT' });
    await waitFor(() => expect(qr().tagName).toBe('IMG'));
    const svg = decodeURIComponent(screen.getByRole('img').getAttribute('src') ?? '');
    expect(svg).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);
    expect(screen.getByText('Send money to 01711000001')).toBeVisible();
    expect(screen.getByTestId('display-wallet-amount')).toHaveTextContent('150 BDT');

    till.send(
      stateOf(
        displayOfSale(teaSale({ entry: { method: 'nagad', amount: '100', reference: '' } }), setting, 'bn'),
      ),
    );
    expect(
      await screen.findByRole('img', { name: 'কিউআর কোড: Nagad 01811000002, ১০০ টাকা' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'পণ্য' })).toHaveTextContent('চা');
    expect(screen.getByText('নগদ দিয়ে পরিশোধ করুন')).toBeVisible();
  });
});

describe("the till's side", () => {
  it('sends every change, answers hello, thanks after a save and welcomes when the till closes', async () => {
    const display = listen();
    const states = () =>
      display.heard
        .filter((m): m is { state: DisplayState } => (m as { type?: string }).type === 'state')
        .map((m) => m.state);
    const { rerender, result, unmount } = renderHook(
      ({ sale }) => useCustomerDisplayPublisher(sale, setting),
      {
        initialProps: { sale: newSale() },
      },
    );
    await waitFor(() => expect(states()).toEqual([{ kind: 'idle', lang: 'en' }]));

    rerender({ sale: teaSale() });
    await waitFor(() => expect(states().at(-1)).toMatchObject({ kind: 'sale', owed: 150 }));
    // The same thing twice is sent once; a display that opens late asks and is answered.
    rerender({ sale: { ...teaSale(), lines: [] } });
    rerender({ sale: { ...teaSale(), lines: [] } });
    await waitFor(() => expect(states().at(-1)).toEqual({ kind: 'idle', lang: 'en' }));
    const count = states().length;
    display.send({ type: 'hello' });
    await waitFor(() => expect(states()).toHaveLength(count + 1));
    expect(states().at(-1)).toEqual({ kind: 'idle', lang: 'en' });

    act(() => result.current.saved(settle(150, [{ method: 'cash', amount: 500 }])));
    await waitFor(() =>
      expect(states().at(-1)).toEqual({ kind: 'thanks', lang: 'en', owed: 150, paid: 150, change: 350 }),
    );
    unmount();
    await waitFor(() => expect(states().at(-1)).toEqual({ kind: 'idle', lang: 'en' }));
  });
});
