import { POPUP_POINTS, type PopupPoint, type PopupRule, previewPopupRule } from '@picbook/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Who would see a popup when: a family visiting the chosen points every few hours, through the
 * same §5 rules the app applies (previewPopupRule in packages/domain).
 */
export function PopupPreview({ payload }: { payload: Record<string, unknown> }) {
  const { t } = useTranslation('ops');
  const [points, setPoints] = useState<PopupPoint[]>(['coldBootToHome', 'parent']);
  const [everyHours, setEveryHours] = useState(4);
  const start = Math.floor(Date.now() / 1000);
  const visits = previewPopupRule(payload.rule as PopupRule | undefined, {
    points,
    days: 7,
    everyHours,
    start,
  });
  const shown = visits.filter((v) => v.shown);
  const toggle = (p: PopupPoint) =>
    setPoints((old) => (old.includes(p) ? old.filter((x) => x !== p) : [...old, p]));
  return (
    <div className="ops-card" data-testid="popup-preview">
      <h3>{t('engagement.preview')}</h3>
      <div className="ops-small">
        {POPUP_POINTS.map((p) => (
          <label key={p} className="ops-check">
            <input type="checkbox" checked={points.includes(p)} onChange={() => toggle(p)} /> {p}
          </label>
        ))}
        <label className="ops-check">
          {t('engagement.everyHours')}
          <input
            type="number"
            min={1}
            max={48}
            value={everyHours}
            onChange={(e) => setEveryHours(Math.max(1, Number(e.target.value)))}
          />
        </label>
      </div>
      <p className="ops-small">{t('engagement.previewHint', { hours: everyHours })}</p>
      <ol className="ops-small">
        {shown.map((v) => (
          <li key={`${v.at}-${v.point}`}>
            +{Math.floor(v.at / 86_400)}d {(v.at % 86_400) / 3600}h · {v.point}
          </li>
        ))}
      </ol>
      <p className="ops-muted ops-small">
        {t('engagement.previewNot', {
          count: visits.length - shown.length,
          why: [...new Set(visits.filter((v) => !v.shown).map((v) => v.refusal))].join(', '),
        })}
      </p>
    </div>
  );
}
