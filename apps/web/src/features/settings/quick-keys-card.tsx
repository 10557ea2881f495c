import type { FoundProduct } from '@bazar/contracts/catalog';
import type { QuickKeys, Settings } from '@bazar/contracts/settings';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../components/query-state';
import { call } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { useLocalName } from '../../lib/names';
import { SHOP_KEYS } from '../../lib/shop-api';
import { toast } from '../../lib/toast';
import { fetchSettings, saveSettings } from './settings-api';
import './settings.css';

/**
 * Setting's "Quick keys" card: the till's tiles for goods without a barcode, in groups the owner
 * names (Eggs, Vegetables, Rice …), each with its products in the order the till shows them.
 */
export function QuickKeysCard() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: SHOP_KEYS.adminSettings, queryFn: fetchSettings });
  return (
    <section className="card shadow-sm admin-form-card mt-3" aria-labelledby="quick-keys-title">
      <div className="card-body">
        <h2 id="quick-keys-title" className="h5 mb-1">
          {t('adminQuickKeys.title')}
        </h2>
        <p className="form-text mt-0 mb-3">{t('adminQuickKeys.help')}</p>
        <QueryState query={settings}>{(data) => <QuickKeysEditor settings={data} />}</QueryState>
      </div>
    </section>
  );
}

function QuickKeysEditor({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const queryClient = useQueryClient();
  const [groups, setGroups] = useState<QuickKeys>(settings.quick_keys);
  const [names, setNames] = useState(new Map<number, string>());
  const [newGroup, setNewGroup] = useState('');
  const [busy, setBusy] = useState(false);
  // The names of the products already on tiles (the ones added here are known from the search).
  const ids = [...new Set(groups.flatMap((g) => g.product_ids))].filter((id) => !names.has(id));
  const known = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['admin', 'product', id],
      queryFn: () => call('GET /api/product/:id', { params: { id } }).then((a) => a.data),
      staleTime: 300_000,
    })),
  });
  const nameOf = (id: number) => {
    const mine = names.get(id);
    if (mine) return mine;
    const product = known.find((q) => q.data?.id === id)?.data;
    return product ? `${local(product.title, product.title_bn)} ${product.attri}`.trim() : `#${id}`;
  };

  const update = (at: number, change: (g: QuickKeys[number]) => QuickKeys[number] | null) =>
    setGroups((now) => now.flatMap((g, i) => (i !== at ? [g] : (change(g) ?? []))));
  const move = (at: number, id: number, by: -1 | 1) =>
    update(at, (g) => {
      const list = [...g.product_ids];
      const from = list.indexOf(id);
      const to = from + by;
      if (to < 0 || to >= list.length) return g;
      [list[from], list[to]] = [list[to]!, list[from]!];
      return { ...g, product_ids: list };
    });

  const save = async () => {
    setBusy(true);
    try {
      const saved = await saveSettings({ ...settings, quick_keys: groups });
      queryClient.setQueryData(SHOP_KEYS.adminSettings, saved);
      // The till reads them with Setting.
      void queryClient.invalidateQueries({ queryKey: SHOP_KEYS.settings });
      toast.success(t('adminQuickKeys.saved'));
    } catch (error) {
      toast.error(serverMessage(error, t('common.somethingWrong')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {groups.length === 0 && <p className="text-secondary">{t('adminQuickKeys.empty')}</p>}
      {groups.map((group, at) => (
        <fieldset key={at} className="border rounded p-2 mb-3">
          <div className="d-flex gap-2 align-items-end mb-2">
            <div className="flex-grow-1">
              <label className="form-label small mb-1" htmlFor={`quick-group-${at}`}>
                {t('adminQuickKeys.groupName')}
              </label>
              <input
                id={`quick-group-${at}`}
                className="form-control form-control-sm"
                maxLength={40}
                value={group.group}
                onChange={(e) => update(at, (g) => ({ ...g, group: e.currentTarget.value }))}
              />
            </div>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => update(at, () => null)}
            >
              {t('adminQuickKeys.removeGroup')}
            </button>
          </div>
          <ol className="list-unstyled mb-2" aria-label={group.group}>
            {group.product_ids.map((id) => (
              <li key={id} className="d-flex align-items-center gap-1 py-1 border-bottom">
                <span className="me-auto">{nameOf(id)}</span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  aria-label={t('adminQuickKeys.up', { name: nameOf(id) })}
                  onClick={() => move(at, id, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  aria-label={t('adminQuickKeys.down', { name: nameOf(id) })}
                  onClick={() => move(at, id, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('adminQuickKeys.remove', { name: nameOf(id) })}
                  onClick={() =>
                    update(at, (g) => ({ ...g, product_ids: g.product_ids.filter((p) => p !== id) }))
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ol>
          <ProductPicker
            id={`quick-add-${at}`}
            onPick={(product) => {
              setNames((now) =>
                new Map(now).set(
                  product.id,
                  `${local(product.title, product.title_bn)} ${product.attri}`.trim(),
                ),
              );
              update(at, (g) =>
                g.product_ids.includes(product.id)
                  ? g
                  : { ...g, product_ids: [...g.product_ids, product.id] },
              );
            }}
          />
        </fieldset>
      ))}
      <div className="d-flex gap-2 align-items-end mb-3">
        <div className="flex-grow-1">
          <label className="form-label small mb-1" htmlFor="quick-new-group">
            {t('adminQuickKeys.newGroup')}
          </label>
          <input
            id="quick-new-group"
            className="form-control form-control-sm"
            maxLength={40}
            value={newGroup}
            onChange={(e) => setNewGroup(e.currentTarget.value)}
          />
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={newGroup.trim() === '' || groups.length >= 12}
          onClick={() => {
            setGroups((now) => [...now, { group: newGroup.trim(), product_ids: [] }]);
            setNewGroup('');
          }}
        >
          {t('adminQuickKeys.addGroup')}
        </button>
      </div>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save()}>
        {t('adminQuickKeys.save')}
      </button>
    </>
  );
}

/** Finds a product by name (GET /api/product/find/{text}) and picks one of the answers. */
function ProductPicker({ id, onPick }: { id: string; onPick: (product: FoundProduct) => void }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const [text, setText] = useState('');
  const found = useQuery({
    queryKey: ['admin', 'quick-keys', 'find', text.trim()],
    queryFn: () => call('GET /api/product/find/:text', { params: { text: text.trim() } }).then((a) => a.data),
    enabled: text.trim().length >= 3,
    staleTime: 30_000,
  });
  return (
    <div>
      <label className="form-label small mb-1" htmlFor={id}>
        {t('adminQuickKeys.addProduct')}
      </label>
      <input
        id={id}
        className="form-control form-control-sm"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {text.trim().length >= 3 && (found.data?.length ?? 0) > 0 && (
        <ul className="list-group mt-1">
          {found.data!.slice(0, 6).map((p) => (
            <li key={p.id} className="list-group-item p-0">
              <button
                type="button"
                className="btn btn-sm w-100 text-start"
                onClick={() => {
                  onPick(p);
                  setText('');
                }}
              >
                {`${local(p.title, p.title_bn)} ${p.attri}`.trim()} · {p.price}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
