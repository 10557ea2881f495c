import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { OrderTimeline } from './order-timeline';

const timeline = [
  { status: 0, at: '2025-03-05T09:04:00.000Z' },
  { status: 1, at: '2025-03-05T10:30:00.000Z' },
  { status: 2, at: '2025-03-05T12:15:00.000Z' },
];

afterEach(() => setLanguage('en'));

const show = () => {
  mockApi({});
  renderRoutes([{ path: '/', element: <OrderTimeline orderId={7} timeline={timeline} /> }], '/');
};

/** The timeline's steps as a customer reads them. */
const steps = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('OrderTimeline', () => {
  it("lists the statuses in order under a heading, the spec's names and Dhaka times, the latest marked", () => {
    show();
    const section = screen.getByRole('region', { name: 'Following your order' });
    const list = within(section).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(steps()).toEqual([
      'Processing 05 Mar 2025, 3:04 pm',
      'Collecting Product 05 Mar 2025, 4:30 pm',
      'Out for Delivery 05 Mar 2025, 6:15 pm',
    ]);
    const items = within(list).getAllByRole('listitem');
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).not.toHaveAttribute('aria-current');
    expect(items[0]?.querySelector('time')).toHaveAttribute('datetime', timeline[0]?.at);
  });

  it('speaks Bangla with Bengali digits after a switch', async () => {
    show();
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('region', { name: 'আপনার অর্ডারের অবস্থা' })).toBeVisible();
    const [first, , last] = steps();
    expect(first).toContain('প্রসেসিং চলছে');
    expect(first).toContain('০৫');
    expect(first).toContain('২০২৫');
    expect(first).not.toMatch(/[0-9]/);
    expect(last).toContain('ডেলিভারির পথে');
  });
});
