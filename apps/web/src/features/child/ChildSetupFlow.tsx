import type { TChild } from '@picbook/contracts';
import { avatarOrder, startAvatarSlide } from '@picbook/domain';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/request/api';
import { isRequestError } from '../../shared/request/request-error';
import { useSession } from '../../shared/session/session';
import { useStartup } from '../../shared/startup/startup-store';
import { toast } from '../../shared/toast/toast-store';
import { AvatarDialog } from './AvatarDialog';
import { ChildInfoDialog } from './ChildInfoDialog';
import { birthYear, type ChildForm, initialChildForm } from './child-form';
import { NicknameDialog } from './NicknameDialog';

export interface ChildSetupFlowProps {
  /** Called after the child is saved and user info reloaded. */
  onDone(): void;
  /**
   * Editing a child set up before (parents' center): the steps start from its nickname,
   * birthday, gender, region and avatar, consent stands, and every step can be closed.
   */
  child?: TChild;
  /** Closing while editing, without saving. */
  onCancel?(): void;
}

type Step = 'info' | 'nickname' | 'avatar';

/** Fields of the save request that the info step holds. */
const INFO_FIELDS: ReadonlySet<string> = new Set([
  'nickname',
  'birthday',
  'gender',
  'region',
  'consent',
]);

/**
 * Spec §2 child-info step, shown when a logged-in user has no child yet: nickname, birthday,
 * gender, region and guardian consent, then the avatar; saves the child and reloads user info.
 */
export function ChildSetupFlow({ onDone, child, onCancel }: ChildSetupFlowProps) {
  const { t } = useTranslation('child');
  const configs = useStartup((s) => s.configs);
  const user = useStartup((s) => s.user);
  const [step, setStep] = useState<Step>('info');
  const [form, setForm] = useState<ChildForm | null>(() =>
    child
      ? {
          nickname: child.nickname,
          birthday: child.birthday,
          gender: child.gender === 2 ? 2 : 1,
          region: child.region,
        }
      : configs
        ? initialChildForm(configs, user)
        : null,
  );
  const [hasConsent, setConsent] = useState(child !== undefined);
  /**
   * Chosen slide (an index: the birth-year animal appears twice in the order); forgotten when
   * the gender or birth year, and so the order, changes.
   */
  const [slide, setSlide] = useState<number | null>(null);
  const [isSaving, setSaving] = useState(false);
  const savingRef = useRef(false);

  const gender = form?.gender ?? 1;
  const year = birthYear(form?.birthday ?? '');
  const order = useMemo(
    () => (configs ? avatarOrder(configs.avatars, gender, year) : []),
    [configs, gender, year],
  );

  // Configs arrive before the shell shows this flow; wait for them if not.
  if (!configs) return null;
  const current = form ?? initialChildForm(configs, user);

  const handleChange = (patch: Partial<ChildForm>) => {
    const next = { ...current, ...patch };
    if (next.gender !== current.gender || birthYear(next.birthday) !== year) setSlide(null);
    setForm(next);
  };

  const handleNext = () => {
    // Spec §5: a new child starts on a random avatar of its own gender and animal; an edit on
    // the child's own avatar unless that is one of the other gender's (decision 098).
    if (slide === null) {
      setSlide(startAvatarSlide(configs.avatars, gender, year, child?.avatar ?? null, Math.random));
    }
    setStep('avatar');
  };

  const avatar = slide === null ? undefined : order[slide];

  const handleSave = async () => {
    if (savingRef.current || !avatar) return;
    savingRef.current = true;
    setSaving(true);
    const release = () => {
      savingRef.current = false;
      setSaving(false);
    };
    try {
      const child = await api(
        'saveChild',
        {
          body: {
            nickname: current.nickname,
            birthday: current.birthday,
            gender: current.gender,
            region: current.region,
            avatar,
            consent: 1,
          },
        },
        { silent: true },
      );
      // Later requests act for this child (spec §3: child_id is a stored client value).
      useSession.getState().setChildId(child.id);
    } catch (error) {
      toast.error(isRequestError(error) ? error.message : t('saveFailed'));
      // 400/10001 names the field: go back to the step that holds it (the avatar is this step).
      const field = isRequestError(error) ? error.data?.field : undefined;
      if (typeof field === 'string' && INFO_FIELDS.has(field)) setStep('info');
      release();
      return;
    }
    try {
      await useStartup.getState().reloadUser();
    } catch {
      // The request layer has shown why; confirming again saves (now updates) and reloads again.
      release();
      return;
    }
    onDone();
  };

  if (step === 'nickname') {
    return (
      <NicknameDialog
        initial={current.nickname}
        isFirstSetup={!child}
        onSave={async (nickname) => {
          handleChange({ nickname });
          setStep('info');
        }}
        onClose={() => setStep('info')}
      />
    );
  }

  if (step === 'avatar') {
    return (
      <AvatarDialog
        avatars={order}
        index={slide ?? 0}
        onIndexChange={setSlide}
        nickname={current.nickname}
        isSaving={isSaving}
        onConfirm={() => void handleSave()}
        onBack={() => setStep('info')}
        onClose={child && !isSaving ? onCancel : undefined}
      />
    );
  }

  return (
    <ChildInfoDialog
      configs={configs}
      form={current}
      onChange={handleChange}
      hasConsent={hasConsent}
      onConsentChange={setConsent}
      onEditNickname={() => setStep('nickname')}
      onNext={handleNext}
      onClose={child ? onCancel : undefined}
    />
  );
}
