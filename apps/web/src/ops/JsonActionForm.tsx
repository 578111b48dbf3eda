import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQrCode } from '../shared/qr/qr-code';
import { Outcome, useRunAction } from './ui';

/**
 * An action's input as JSON (the shapes the server validates and names the field of any
 * mistake): for records whose shape is the action's own (activity payloads, configs, camps …).
 */
export function JsonActionForm({
  action,
  initial,
  reasonField,
  onDone,
  onDraft,
}: {
  action: string;
  initial: unknown;
  /** Ask for the reason (required: before the button works; optional: the server decides). */
  reasonField?: 'required' | 'optional';
  onDone?: () => void;
  /** The input as typed, whenever it is valid JSON (for a live preview beside the form). */
  onDraft?: (value: unknown) => void;
}) {
  const { t } = useTranslation('ops');
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  const [reason, setReason] = useState('');
  const [bad, setBad] = useState(false);
  const [answer, setAnswer] = useState<unknown>(undefined);
  const { run, outcome, busy } = useRunAction();
  const submit = async () => {
    let input: unknown;
    try {
      input = JSON.parse(text);
      setBad(false);
    } catch {
      setBad(true);
      return;
    }
    const result = await run(action, input, reason.trim() || undefined);
    if (result !== null) {
      setAnswer(result);
      onDone?.();
    }
  };
  return (
    <div className="ops-json-form" data-testid={`json-form-${action}`}>
      <label>
        {t('actions.input')} · <code>{action}</code>
        <textarea
          rows={Math.min(18, text.split('\n').length + 1)}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            try {
              onDraft?.(JSON.parse(e.target.value));
            } catch {
              // Not JSON yet: the preview keeps the last valid draft.
            }
          }}
          spellCheck={false}
        />
      </label>
      {reasonField ? (
        <label>
          {t('reason')}
          <input
            value={reason}
            placeholder={reasonField === 'required' ? t('reasonHint') : t('reasonOptional')}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
      ) : null}
      {bad ? <p className="ops-error">{t('actions.badJson')}</p> : null}
      <button
        type="button"
        className="ops-btn ops-primary"
        disabled={busy || (reasonField === 'required' && !reason.trim())}
        onClick={submit}
      >
        {t('actions.run')}
      </button>
      <Outcome outcome={outcome} />
      <ActionAnswer answer={answer} />
    </div>
  );
}

/** What an action answered: an authenticator to enrol, if any, and the answer itself. */
export function ActionAnswer({ answer }: { answer: unknown }) {
  if (answer === undefined) return null;
  return (
    <>
      <TotpEnrolment answer={answer} />
      <pre className="ops-pre" data-testid="action-answer">
        {JSON.stringify(answer, null, 2)}
      </pre>
    </>
  );
}

/**
 * operators.create and operators.resetTotp answer the authenticator's otpauth:// URI once: shown
 * as a QR code to scan now (decision 065); it is not kept anywhere else.
 */
export function TotpEnrolment({ answer }: { answer: unknown }) {
  const { t } = useTranslation('ops');
  const uri =
    typeof answer === 'object' && answer !== null && 'totp_uri' in answer
      ? String((answer as { totp_uri: unknown }).totp_uri ?? '')
      : '';
  const qr = useQrCode(uri, 220);
  if (!uri) return null;
  return (
    <div className="ops-codes" data-testid="totp-enrolment">
      <p>{t('actions.totpScan')}</p>
      {qr ? <img src={qr} alt={t('actions.totpScan')} width={220} height={220} /> : null}
    </div>
  );
}
