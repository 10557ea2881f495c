/**
 * Migration 0024_order_timeline: every order from before the timeline gets one step, its status
 * then at its last change, so a customer's old orders show where they are.
 */
import { describe, expect, it } from 'vitest';
import { knownMigrations, runMigrations, runMigrationsUpTo } from '../src/db/migrate';
import { emptyDatabase } from './helpers';

describe('the order timeline migration', () => {
  it('gives each existing order one step: its current status at its last update', async () => {
    const { database } = await emptyDatabase();
    const tags = knownMigrations().map((m) => m.tag);
    const at = tags.indexOf('0024_order_timeline');
    expect(at).toBeGreaterThan(0);
    await runMigrationsUpTo(database, at);
    const q = database.pool.query.bind(database.pool);
    const rows = await q<{ id: number }>(`
      INSERT INTO orders (name, phone, subtotal, paid, due, online, status, created_at, updated_at) VALUES
        ('Old Delivered', '01711000001', 100, 0, 100, true, 3, '2025-01-01T04:00:00Z', '2025-01-03T09:30:00Z'),
        ('Old Till Sale', '01711000002', 50, 50, 0, false, 3, '2025-02-01T04:00:00Z', '2025-02-01T04:00:00Z'),
        ('Old Canceled', '01711000003', 70, 0, 70, true, 4, '2025-03-01T04:00:00Z', '2025-03-02T10:00:00Z')
      RETURNING id`);
    await runMigrations(database);
    const events = await q<{ order_id: number; status: number; at: Date; by_user_id: number | null }>(
      'SELECT order_id, status, at, by_user_id FROM order_status_events ORDER BY order_id',
    );
    const [a, b, c] = rows.rows.map((r) => r.id);
    expect(events.rows.map((e) => [e.order_id, e.status, e.at.toISOString(), e.by_user_id])).toEqual([
      [a, 3, '2025-01-03T09:30:00.000Z', null],
      [b, 3, '2025-02-01T04:00:00.000Z', null],
      [c, 4, '2025-03-02T10:00:00.000Z', null],
    ]);
  });
});
