import type { ThirdPartyType, TLoginResult } from '@picbook/contracts';
import { ErrorCode } from '@picbook/contracts/errors';
import {
  DEFAULT_COUNTRY,
  sanitizeInviteCode,
  type ValidationKey,
  validatePhoneLogin,
} from '@picbook/domain';
import { create } from 'zustand';
import { i18n } from '../../shared/i18n';
import { api } from '../../shared/request/api';
import { isRequestError } from '../../shared/request/request-error';
import { deviceUuid } from '../../shared/session/session';
import { toast } from '../../shared/toast/toast-store';
import { completeLogin } from './api';

/** Login page numbers of spec §4. */
export type LoginMode =
  | 'home'
  | 'guest'
  | 'password'
  | 'register'
  | 'phone'
  | 'wxWeb'
  | 'thirdInProgress'
  | 'bindPhone'
  | 'confirmSwitch';

/** Login state of spec §4 (with the wider store's SMS and invite states). */
export type LoginState =
  | 'idle'
  | 'pending'
  | 'done'
  | 'bindPhone'
  | 'confirmSwitch3rd'
  | 'error'
  | 'invalidSmsPIN'
  | 'errorSmsPIN'
  | 'needInvite'
  | 'invalidInvite';

export type ThirdType = ThirdPartyType;
export type BindState = 'initial' | 'pending' | 'done' | 'abort' | 'error';

export interface LoginForm {
  abbr: string;
  nationCode: string;
  phone: string;
  pin: string;
  inviteCode: string;
  hasAgreed: boolean;
  account: string;
  password: string;
}

interface LoginStore {
  mode: LoginMode;
  state: LoginState;
  form: LoginForm;
  /** Ticket from 12000/12001, sent back as auth_code. */
  ticket: string | null;
  thirdType: ThirdType | null;
  /** The session 12001 returned, adopted when the user answers the switch question. */
  pendingSession: TLoginResult | null;
  bindState: BindState;
  /** A fresh form: consent is an act, so the agreement box starts unticked (issue 39). */
  reset(mode: LoginMode): void;
  setMode(mode: LoginMode): void;
  setField<K extends keyof LoginForm>(key: K, value: LoginForm[K]): void;
}

/** An invitation link (`?inv=CODE`, from a friend's QR code or poster) fills in the invite code. */
function invitedCode(): string {
  if (typeof window === 'undefined') return '';
  return sanitizeInviteCode(new URLSearchParams(window.location.search).get('inv') ?? '');
}

const emptyForm = (): LoginForm => ({
  abbr: DEFAULT_COUNTRY.abbr,
  nationCode: DEFAULT_COUNTRY.code,
  phone: '',
  pin: '',
  inviteCode: invitedCode(),
  hasAgreed: false,
  account: '',
  password: '',
});

export const useLogin = create<LoginStore>((set) => ({
  mode: 'phone',
  state: 'idle',
  form: emptyForm(),
  ticket: null,
  thirdType: null,
  pendingSession: null,
  bindState: 'initial',
  reset: (mode) =>
    set({
      mode,
      state: 'idle',
      form: emptyForm(),
      ticket: null,
      thirdType: null,
      pendingSession: null,
      bindState: 'initial',
    }),
  setMode: (mode) => set({ mode }),
  setField: (key, value) =>
    set((s) => {
      const form = { ...s.form, [key]: value };
      // Spec §4: editing the phone leaves invite mode and clears the invite code.
      if (key === 'phone' && s.state === 'needInvite')
        return { form: { ...form, inviteCode: '' }, state: 'idle' };
      return { form };
    }),
}));

export const validationText = (key: ValidationKey) => i18n.t(`auth:validation.${key}`);

/** Where a successful login goes next; the screen supplies it (it owns the router). */
export type AfterLogin = (result: TLoginResult) => Promise<void>;

/** Business answers of a login call, mapped to the spec's states (§4, §8). */
function handleLoginError(error: unknown): void {
  const store = useLogin.getState();
  if (!isRequestError(error)) {
    useLogin.setState({ state: 'error' });
    return;
  }
  switch (error.code) {
    case ErrorCode.SmsPinInvalid:
      useLogin.setState({ state: 'invalidSmsPIN' });
      toast.info(error.message);
      return;
    case ErrorCode.SmsPinWrong:
      useLogin.setState({ state: 'errorSmsPIN' });
      toast.info(error.message);
      return;
    case ErrorCode.InviteRequired:
      useLogin.setState({ state: 'needInvite' });
      toast.info(error.message);
      return;
    case ErrorCode.InviteInvalid:
      useLogin.setState({ state: 'invalidInvite' });
      toast.info(validationText('inviteInvalid'));
      return;
    case ErrorCode.MustBindPhone:
      useLogin.setState({
        state: 'bindPhone',
        mode: 'bindPhone',
        ticket: String(error.data?.auth_code ?? ''),
        form: { ...store.form, pin: '' },
      });
      return;
    default:
      toast.error(error.message);
      // Spec §4: an error returns to login home from the guest and third-party pages.
      useLogin.setState((s) => ({
        state: 'error',
        mode: s.mode === 'guest' || s.mode === 'thirdInProgress' ? 'home' : s.mode,
      }));
  }
}

async function runLogin(call: () => Promise<TLoginResult>, after: AfterLogin): Promise<void> {
  if (useLogin.getState().state === 'pending') return;
  useLogin.setState({ state: 'pending' });
  try {
    const result = await call();
    useLogin.setState({ state: 'done' });
    await after(result);
  } catch (error) {
    if (isRequestError(error) && error.code === ErrorCode.ConfirmSwitch3rd) {
      useLogin.setState({
        state: 'confirmSwitch3rd',
        mode: 'confirmSwitch',
        ticket: String(error.data?.auth_code ?? ''),
        pendingSession: {
          access_token: String(error.data?.access_token ?? ''),
          user: error.data?.user as TLoginResult['user'],
        },
      });
      return;
    }
    handleLoginError(error);
  }
}

/** The phone form (also the bind-phone form): validate in the spec's order, then log in. */
export function submitPhone(after: AfterLogin, isInviteRequired: boolean): Promise<void> {
  const { form, state, mode, ticket } = useLogin.getState();
  if (state === 'pending') return Promise.resolve();
  const problem = validatePhoneLogin({
    abbr: form.abbr,
    phone: form.phone,
    pin: form.pin,
    inviteCode: form.inviteCode,
    isInviteRequired: isInviteRequired || state === 'needInvite',
    hasAgreed: form.hasAgreed,
  });
  if (problem) {
    toast.warning(validationText(problem));
    return Promise.resolve();
  }
  const common = {
    mobile: form.phone,
    nation_code: form.nationCode,
    pin: form.pin,
    ...(form.inviteCode ? { inv_code: form.inviteCode } : {}),
  };
  return runLogin(
    () =>
      mode === 'bindPhone' && ticket
        ? api(
            'login',
            { body: { type: 'bind_phone', ...common, auth_code: ticket } },
            { silent: true },
          )
        : api('login', { body: { type: 'phone', ...common } }, { silent: true }),
    after,
  );
}

export function submitPassword(after: AfterLogin, isRegister: boolean): Promise<void> {
  const { form } = useLogin.getState();
  const body = { account: form.account.trim(), password: form.password.trim() };
  if (!body.account) return Promise.resolve(void toast.warning(validationText('accountEmpty')));
  if (!body.password) return Promise.resolve(void toast.warning(validationText('passwordEmpty')));
  if (isRegister && !form.hasAgreed)
    return Promise.resolve(void toast.warning(validationText('agreementRequired')));
  return runLogin(
    () => api(isRegister ? 'register' : 'passwordLogin', { body }, { silent: true }),
    after,
  );
}

export function submitGuest(after: AfterLogin): Promise<void> {
  useLogin.setState({ mode: 'guest' });
  return runLogin(
    () => api('guestLogin', { body: { device_id: deviceUuid() } }, { silent: true }),
    after,
  );
}

/** Third-party login with a code/token the provider gave (native auth or the QR relay). */
export function submitThirdParty(
  type: ThirdType,
  authCode: string,
  after: AfterLogin,
): Promise<void> {
  useLogin.setState({ mode: 'thirdInProgress', thirdType: type });
  return runLogin(
    () => api('login', { body: { type, auth_code: authCode } }, { silent: true }),
    after,
  );
}

/** 12001 answered: confirm binds the new account to the user, cancel aborts; either way logged in. */
export async function answerSwitch(confirm: boolean, after: AfterLogin): Promise<void> {
  const { pendingSession, ticket, thirdType, bindState } = useLogin.getState();
  if (!pendingSession || bindState === 'pending') return;
  if (!confirm) {
    useLogin.setState({ bindState: 'abort' });
    await after(pendingSession);
    return;
  }
  useLogin.setState({ bindState: 'pending' });
  try {
    await api(
      'bindThirdParty',
      { body: { type: thirdType ?? 'wx_app', auth_code: ticket ?? '', confirm: 1 } },
      { token: pendingSession.access_token },
    );
    useLogin.setState({ bindState: 'done' });
    await after(pendingSession);
  } catch {
    useLogin.setState({ bindState: 'error' });
  }
}

/** Adopts the session of a finished login (token, user). */
export function adoptSession(result: TLoginResult): void {
  completeLogin(result);
}
