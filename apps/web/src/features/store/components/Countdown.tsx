import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

function remaining(untilS: number): string {
  const left = Math.max(0, untilS - Math.floor(Date.now() / 1000));
  const days = Math.floor(left / 86_400);
  const hh = String(Math.floor((left % 86_400) / 3600)).padStart(2, '0');
  const mm = String(Math.floor((left % 3600) / 60)).padStart(2, '0');
  const ss = String(left % 60).padStart(2, '0');
  return `${days > 0 ? `${days}天 ` : ''}${hh}:${mm}:${ss}`;
}

/** "限时特惠 · 1天 02:03:04后结束", ticking every second. */
export function Countdown({ until, label }: { until: number; label: string }) {
  const { t } = useTranslation('store');
  const [text, setText] = useState(() => remaining(until));
  useEffect(() => {
    const timer = setInterval(() => setText(remaining(until)), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return <span data-testid="promo-countdown">{t('promoEnds', { label, time: text })}</span>;
}
