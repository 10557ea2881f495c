import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { usePermissions } from '../auth/permissions';
import { useTranslation } from '../../lib/i18n/i18n';
import { useShopTime } from '../../lib/shop-time';
import { useServerReachable } from './offline/till-connection';
import { SHIFT_KEY, useCurrentShift, type Shift } from './till-api';
import { focusProductBox } from './till-product-box';
import { CloseShiftDialog, MoveCashDialog, OpenShiftDialog } from './till-shift-dialogs';

type Dialog = 'open' | 'move' | 'close' | null;

/**
 * The cashier's shift on the till: open or not, the cash the drawer should hold, and the ways to
 * open one (float), move cash in or out (with a reason) and close it (counted cash). Selling never
 * waits for it: a sale without an open shift is still a sale (the spec's till knew no shifts).
 */
export function TillShift() {
  const { t } = useTranslation();
  const time = useShopTime();
  const queryClient = useQueryClient();
  const shift = useCurrentShift();
  const reachable = useServerReachable();
  const [dialog, setDialog] = useState<Dialog>(null);
  const current = shift.data ?? null;
  // A blind count: a cashier sees what the drawer should hold only after counting it at the close;
  // a manager or the owner sees it all along.
  const seesExpected = usePermissions().can('till.approve');
  // The server answers again (the till's connection came back): a failed read is read again now,
  // not at the next 15 s retry.
  const wasReachable = useRef(reachable);
  const failed = shift.isError;
  const refetch = shift.refetch;
  useEffect(() => {
    if (reachable && !wasReachable.current && failed) void refetch();
    wasReachable.current = reachable;
  }, [reachable, failed, refetch]);

  // A dialog closed: back to the product box, where the next scan goes.
  const closeDialog = () => {
    setDialog(null);
    focusProductBox();
  };
  const done = (next: Shift | null) => {
    queryClient.setQueryData(SHIFT_KEY, next);
    closeDialog();
  };

  let status;
  // Shifts are kept by the server: with no server the till sells on and says so, without an error.
  if (!reachable && !shift.data)
    status = (
      <span className="text-secondary" data-testid="shift-state">
        {t('adminTill.shift.offline')}
      </span>
    );
  else if (shift.isPending) status = <span className="text-secondary">{t('adminTill.shift.checking')}</span>;
  else if (shift.isError)
    status = (
      <>
        <span className="text-danger">{t('adminTill.shift.loadFailed')}</span>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => void shift.refetch()}
        >
          {t('common.retry')}
        </button>
      </>
    );
  else if (!current)
    status = (
      <>
        <span className="badge text-bg-secondary" data-testid="shift-state">
          {t('adminTill.shift.none')}
        </span>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setDialog('open')}>
          {t('adminTill.shift.openButton')}
        </button>
      </>
    );
  else
    status = (
      <>
        <span className="badge text-bg-success" data-testid="shift-state">
          {t('adminTill.shift.openSince', { time: time.dateTime(current.opened) })}
        </span>
        {seesExpected && (
          <span className="small" data-testid="shift-drawer">
            {t('adminTill.shift.drawer', { amount: current.expected })}
          </span>
        )}
        <span className="ms-sm-auto d-flex gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => setDialog('move')}
          >
            {t('adminTill.shift.moveButton')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => {
              void shift.refetch();
              setDialog('close');
            }}
          >
            {t('adminTill.shift.closeButton')}
          </button>
        </span>
      </>
    );

  return (
    <section
      className="till-shift d-flex flex-wrap align-items-center gap-2"
      aria-label={t('adminTill.shift.heading')}
    >
      {status}
      {dialog === 'open' && <OpenShiftDialog onClose={closeDialog} onDone={done} />}
      {dialog === 'move' && <MoveCashDialog onClose={closeDialog} onDone={done} />}
      {dialog === 'close' && <CloseShiftDialog onClose={closeDialog} onDone={() => done(null)} />}
    </section>
  );
}
