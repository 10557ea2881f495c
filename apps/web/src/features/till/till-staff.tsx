import type { Approval, ApprovalKind } from '@bazar/contracts/approvals';
import type { AuthResponse, Profile } from '@bazar/contracts/auth';
import { isPermission, type Permission } from '@bazar/contracts/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { call, isApiError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { getStoredPhone, saveSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { rememberAdminProfile, rememberedAdminProfile } from '../auth/admin-profile';
import { usePermissions } from '../auth/permissions';
import { useProfile } from '../auth/use-profile';
import { checkLocalPin, personOf, rememberCashier } from './offline/till-cashiers';
import { isUnreachable, markReachable, useServerReachable } from './offline/till-connection';
import type { TillCashierRow } from './offline/till-db';

/** A manager's consent as the till got it: checked by the server (`approval`), or by the till's copy offline. */
export type GivenApproval = { approval: Approval | null; approver: { id: number; name: string } };

const PHONE = /^01\d{9}$/;
const PIN = /^\d{4,6}$/;

/** The signed-in person on this till (their profile, or the one this browser remembered offline). */
export function useTillPerson(): Profile | null {
  const profile = useProfile();
  return profile.data ?? rememberedAdminProfile(getStoredPhone());
}

/** A profile made from a person the till knows (a switch's answer, or its offline copy). */
function profileOf(person: {
  id: number;
  name: string;
  phone: string;
  staff_role: string;
  permissions: string[];
  discount_limit: number | null;
}): Profile {
  return {
    id: person.id,
    name: person.name,
    phone: person.phone,
    role: 23314,
    status: 1,
    ref_code: '',
    point: 0,
    staff_role: person.staff_role,
    permissions: person.permissions.filter(isPermission),
    staff_id: person.id,
    discount_limit: person.discount_limit,
  };
}

/** Phone and PIN, and what went wrong, for the two PIN dialogs. */
function PinForm({
  id,
  title,
  help,
  submit,
  problem,
  busy,
  onClose,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  help: string;
  submit: string;
  problem: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (phone: string, pin: string) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [pin, setPin] = useState('');
  const [invalid, setInvalid] = useState<{ phone?: boolean; pin?: boolean }>({});
  const first = useRef<HTMLInputElement>(null);
  // The first field takes the focus once the modal has taken it (Preact ignores autoFocus).
  useEffect(() => {
    const frame = requestAnimationFrame(() => first.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const send = (event: FormEvent) => {
    event.preventDefault();
    const bad = { phone: !PHONE.test(phone.trim()), pin: !PIN.test(pin) };
    setInvalid(bad);
    if (!bad.phone && !bad.pin) onSubmit(phone.trim(), pin);
  };
  return (
    <Modal show onHide={onClose} centered animation={false} aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t('adminTill.staff.cancel')}>
        <Modal.Title as="h2" id={`${id}-title`} className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <form onSubmit={send} noValidate>
        <Modal.Body>
          <p className="small text-secondary">{help}</p>
          {children}
          <label htmlFor={`${id}-phone`} className="form-label">
            {t('adminTill.staff.phone')}
          </label>
          <input
            ref={first}
            id={`${id}-phone`}
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            className={`form-control mb-3${invalid.phone ? ' is-invalid' : ''}`}
            aria-invalid={invalid.phone ? true : undefined}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
          <label htmlFor={`${id}-pin`} className="form-label">
            {t('adminTill.staff.pin')}
          </label>
          <input
            id={`${id}-pin`}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            className={`form-control${invalid.pin ? ' is-invalid' : ''}`}
            aria-invalid={invalid.pin ? true : undefined}
            value={pin}
            onChange={(event) => setPin(event.target.value)}
          />
          <p className="small text-danger mt-2 mb-0" role="alert">
            {problem}
          </p>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('adminTill.staff.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {submit}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

/** What a PIN the till checked itself with no server says, as words (or the person when right). */
function useLocalCheck() {
  const { t } = useTranslation();
  return async (
    phone: string,
    pin: string,
    needs: Permission,
  ): Promise<{ person: TillCashierRow } | { problem: string }> => {
    const checked = await checkLocalPin(phone, pin);
    if (!checked.ok) {
      const key =
        checked.reason === 'unknown'
          ? 'adminTill.staff.unknownOffline'
          : checked.reason === 'locked'
            ? 'adminTill.staff.lockedOffline'
            : 'adminTill.staff.wrongPin';
      return { problem: t(key) };
    }
    if (!checked.cashier.permissions.includes(needs)) {
      return {
        problem: t(needs === 'till.approve' ? 'adminTill.staff.notManager' : 'adminTill.staff.notSeller'),
      };
    }
    return { person: checked.cashier };
  };
}

/**
 * A manager's approval on the till's own screen: their phone and PIN, checked by the server
 * (`POST /api/till/approver`; the request that needs it carries them again), or with no server
 * by the till's copy of the PINs given on it.
 */
function ApprovalDialog({
  kind,
  what,
  onClose,
  onApproved,
}: {
  kind: ApprovalKind;
  what: string;
  onClose: () => void;
  onApproved: (given: GivenApproval) => void;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const checkHere = useLocalCheck();
  const submit = async (phone: string, pin: string) => {
    setBusy(true);
    setProblem('');
    try {
      const { data } = await call('POST /api/till/approver', { body: { phone, pin, kind } });
      markReachable(true);
      await rememberCashier(data, pin, null).catch((error: unknown) =>
        console.error('The till could not keep the PIN', error),
      );
      onApproved({ approval: { phone, pin }, approver: { id: data.id, name: data.name } });
    } catch (failure) {
      if (isUnreachable(failure)) {
        markReachable(false);
        const here = await checkHere(phone, pin, 'till.approve');
        if ('person' in here) {
          onApproved({ approval: null, approver: { id: here.person.id, name: here.person.name } });
          return;
        }
        setProblem(here.problem);
      } else setProblem(serverMessage(failure, t('common.somethingWrong')));
      setBusy(false);
    }
  };
  return (
    <PinForm
      id="till-approval"
      title={t('adminTill.staff.approvalTitle')}
      help={t('adminTill.staff.approvalHelp', { what })}
      submit={t('adminTill.staff.approve')}
      problem={problem}
      busy={busy}
      onClose={onClose}
      onSubmit={(phone, pin) => void submit(phone, pin)}
    />
  );
}

/**
 * Asks for a manager's approval when a screen needs one: `ask(kind, what)` opens the dialog and
 * resolves with the approval, or null when it was closed. Render `dialog` once.
 */
export function useApproval() {
  const [asking, setAsking] = useState<{
    kind: ApprovalKind;
    what: string;
    resolve: (given: GivenApproval | null) => void;
  } | null>(null);
  const ask = (kind: ApprovalKind, what: string) =>
    new Promise<GivenApproval | null>((resolve) => setAsking({ kind, what, resolve }));
  const dialog = asking && (
    <ApprovalDialog
      kind={asking.kind}
      what={asking.what}
      onClose={() => {
        asking.resolve(null);
        setAsking(null);
      }}
      onApproved={(given) => {
        asking.resolve(given);
        setAsking(null);
      }}
    />
  );
  return { ask, dialog };
}

/**
 * Sends a request; when the server answers that it needs a manager (403 `approval_required`), asks
 * for one on this screen and sends it again with their phone and PIN. Closing the dialog, or an
 * approval the till could only check offline, gives the refusal back.
 */
export async function withApproval<T>(
  ask: (kind: ApprovalKind, what: string) => Promise<GivenApproval | null>,
  what: (kind: ApprovalKind) => string,
  send: (approval?: Approval) => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (failure) {
    if (!isApiError(failure, 403) || failure.code !== 'approval_required') throw failure;
    const kind = (failure.body as { kind?: ApprovalKind } | undefined)?.kind ?? 'void';
    const given = await ask(kind, what(kind));
    if (!given?.approval) throw failure;
    return send(given.approval);
  }
}

/**
 * "Switch cashier": the next sales are the person's whose phone and PIN these are. Online, the
 * server answers a session of theirs; with no server, the till switches to a person who gave their
 * PIN on it before (their session kept with it).
 */
function SwitchCashierDialog({
  onClose,
  onSwitched,
}: {
  onClose: () => void;
  onSwitched: (name: string) => void;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const checkHere = useLocalCheck();
  const become = (token: string, profile: Profile) => {
    rememberAdminProfile(profile);
    saveSession(token, { name: profile.name, phone: profile.phone, role: profile.role });
    onSwitched(profile.name);
  };
  const submit = async (phone: string, pin: string) => {
    setBusy(true);
    setProblem('');
    try {
      const answer: AuthResponse = await call('POST /api/till/switch', { body: { phone, pin } });
      markReachable(true);
      const person = personOf(answer.user);
      if (person) {
        await rememberCashier(person, pin, answer.token).catch((error: unknown) =>
          console.error('The till could not keep the PIN', error),
        );
        become(answer.token, profileOf(person));
      }
    } catch (failure) {
      if (isUnreachable(failure)) {
        markReachable(false);
        const here = await checkHere(phone, pin, 'till.sell');
        if ('person' in here && here.person.token) {
          become(here.person.token, profileOf(here.person));
          return;
        }
        setProblem('problem' in here ? here.problem : t('adminTill.staff.unknownOffline'));
      } else setProblem(serverMessage(failure, t('common.somethingWrong')));
      setBusy(false);
    }
  };
  return (
    <PinForm
      id="till-switch"
      title={t('adminTill.staff.switchTitle')}
      help={t('adminTill.staff.switchHelp')}
      submit={t('adminTill.staff.switchSubmit')}
      problem={problem}
      busy={busy}
      onClose={onClose}
      onSubmit={(phone, pin) => void submit(phone, pin)}
    />
  );
}

/**
 * The drawer opened with no sale: why, and (for a cashier) a manager's phone and PIN in the same
 * dialog. Online only: the server keeps the record with both people.
 */
function DrawerDialog({ canApprove, onClose }: { canApprove: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const open = async (approval: Approval | null) => {
    if (!reason.trim()) return setProblem(t('adminTill.staff.drawerReason'));
    setBusy(true);
    setProblem('');
    try {
      await call('POST /api/till/drawer', {
        body: { reason: reason.trim(), ...(approval && { approval }) },
      });
      toast.success(t('adminTill.staff.drawerOpened', { reason: reason.trim() }));
      onClose();
    } catch (failure) {
      setProblem(serverMessage(failure, t('common.somethingWrong')));
      setBusy(false);
    }
  };
  const reasonField = (
    <div className="mb-3">
      <label htmlFor="till-drawer-reason" className="form-label">
        {t('adminTill.staff.drawerReason')}
      </label>
      <input
        id="till-drawer-reason"
        type="text"
        maxLength={200}
        className="form-control"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </div>
  );
  if (!canApprove) {
    return (
      <PinForm
        id="till-drawer"
        title={t('adminTill.staff.drawerTitle')}
        help={t('adminTill.staff.approvalHelp', { what: t('adminTill.staff.kinds.drawer') })}
        submit={t('adminTill.staff.drawerSubmit')}
        problem={problem}
        busy={busy}
        onClose={onClose}
        onSubmit={(phone, pin) => void open({ phone, pin })}
      >
        {reasonField}
      </PinForm>
    );
  }
  return (
    <Modal show onHide={onClose} centered animation={false} aria-labelledby="till-drawer-title">
      <Modal.Header closeButton closeLabel={t('adminTill.staff.cancel')}>
        <Modal.Title as="h2" id="till-drawer-title" className="h5">
          {t('adminTill.staff.drawerTitle')}
        </Modal.Title>
      </Modal.Header>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void open(null);
        }}
      >
        <Modal.Body>
          {reasonField}
          <p className="small text-danger mb-0" role="alert">
            {problem}
          </p>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('adminTill.staff.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('adminTill.staff.drawerSubmit')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

/** The till's cashier line: who sells now, "Switch cashier" and "Open drawer" (no sale). */
export function TillCashier() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const person = useTillPerson();
  const { can } = usePermissions();
  const reachable = useServerReachable();
  const [dialog, setDialog] = useState<'switch' | 'drawer' | null>(null);
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      {person && (
        <span className="small fw-semibold" data-testid="till-cashier">
          {t('adminTill.staff.cashier', { name: person.name })}
        </span>
      )}
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setDialog('switch')}>
        {t('adminTill.staff.switchButton')}
      </button>
      {can('till.drawer') && (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={!reachable}
          title={reachable ? undefined : t('adminTill.staff.drawerOffline')}
          onClick={() => setDialog('drawer')}
        >
          {t('adminTill.staff.drawerButton')}
        </button>
      )}
      {dialog === 'switch' && (
        <SwitchCashierDialog
          onClose={() => setDialog(null)}
          onSwitched={(name) => {
            setDialog(null);
            toast.success(t('adminTill.staff.switched', { name }));
            // The shift and whatever else the till read are the new person's.
            void queryClient.invalidateQueries();
          }}
        />
      )}
      {dialog === 'drawer' && (
        <DrawerDialog canApprove={can('till.approve')} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
