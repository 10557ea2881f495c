import { SALES_DAYS } from '@bazar/contracts/reorder';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n/i18n';
import { usePermissions } from '../auth/permissions';
import '../../components/admin-cards.css';
import { LevelsModal } from './levels-modal';
import { fetchSuggestions, suggestionsKey, type Suggestion } from './reorder-api';
import { SuggestionGroupCard } from './suggestion-group';
import './reorder.css';

/**
 * /admin/reorder (purchases.manage): what to order next, by the supplier each product was last
 * bought from, each group with its products' suggested quantities (editable) and their cost at the
 * last buy price; a group becomes a draft purchase order. Who may change stock (stock.edit) sets a
 * product's minimum and target from its row.
 */
export function ReorderPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Stock moves all day: asked again at every visit.
  const suggestions = useQuery({ queryKey: suggestionsKey, queryFn: fetchSuggestions, staleTime: 0 });
  const canSetLevels = usePermissions().can('stock.edit');
  const [levelsOf, setLevelsOf] = useState<Suggestion | null>(null);

  return (
    <div className="reorder-page">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h4 mb-0 me-auto">{t('reorder.title')}</h1>
        <Link to="/admin/purchases" className="btn btn-outline-secondary">
          {t('reorder.purchasesLink')}
        </Link>
        <Link to="/admin/purchase-orders" className="btn btn-outline-primary">
          {t('reorder.ordersLink')}
        </Link>
      </div>
      <p className="text-secondary mb-3">{t('reorder.help', { days: SALES_DAYS })}</p>

      <QueryState
        query={suggestions}
        empty={
          <div className="card shadow-sm">
            <div className="card-body">
              <p className="text-secondary mb-0">{t('reorder.empty')}</p>
            </div>
          </div>
        }
        isEmpty={(data) => data.groups.length === 0}
      >
        {(data) =>
          data.groups.map((group) => (
            <SuggestionGroupCard
              key={group.supplier?.id ?? 'none'}
              id={`reorder-group-${group.supplier?.id ?? 'none'}`}
              group={group}
              onLevels={canSetLevels ? setLevelsOf : null}
            />
          ))
        }
      </QueryState>

      <LevelsModal
        product={levelsOf}
        onClose={() => setLevelsOf(null)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: suggestionsKey })}
      />
    </div>
  );
}
