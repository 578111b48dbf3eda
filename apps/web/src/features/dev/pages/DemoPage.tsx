import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { curtain } from '../../../shared/curtain/curtain';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import { BridgeSimulator } from './BridgeSimulator';
import styles from './DemoPage.module.css';
import { RecorderDemo } from './RecorderDemo';

const SWATCHES = ['orange', 'lemon', 'grass', 'sky', 'grape', 'berry', 'ink'];
const icons = import.meta.glob('../../../shared/ui/icons/*.svg', {
  eager: true,
  import: 'default',
});

/** Development-only showcase of the UI kit, the curtain, toasts and environment detection. */
export default function DemoPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { go } = useAppNavigate();
  const name = pathname.replace('/demo/', '');
  if (name === 'recorder') return <RecorderDemo />;
  if (name === 'appBridge') return <BridgeSimulator />;

  const handleCurtain = async () => {
    await curtain.enter();
    for (const p of [20, 55, 90]) {
      curtain.setProgress(p);
      await new Promise((r) => setTimeout(r, 400));
    }
    curtain.leave();
  };

  return (
    <div className={styles.page}>
      <h1>
        {t('demo.title')} · {name}
      </h1>
      <div className={styles.row}>
        {SWATCHES.map((c) => (
          <div key={c} className={styles.swatch} style={{ background: `var(--c-${c})` }}>
            {c}
          </div>
        ))}
      </div>
      <div className={styles.row}>
        <Button>绘本馆 Library</Button>
        <Button variant="secondary">{t('common.cancel')}</Button>
        <Button variant="sky" size="small">
          Small
        </Button>
        <Button variant="grass" size="large">
          {t('common.confirm')}
        </Button>
        <Button isLoading>{t('common.loading')}</Button>
        <Button disabled>Disabled</Button>
      </div>
      <div className={`${styles.row} ${styles.icons}`}>
        {Object.entries(icons).map(([file, src]) => (
          <img key={file} src={src as string} alt={file} title={file} />
        ))}
      </div>
      <h2>{t('demo.toasts')}</h2>
      <div className={styles.row}>
        <Button size="small" onClick={() => toast.info('info 提示')}>
          info
        </Button>
        <Button size="small" variant="grass" onClick={() => toast.success('success 成功')}>
          success
        </Button>
        <Button size="small" variant="sky" onClick={() => toast.warning('warning 注意')}>
          warning
        </Button>
        <Button size="small" onClick={() => toast.error('error 出错了')}>
          error
        </Button>
        <Button
          size="small"
          variant="secondary"
          onClick={() => {
            const close = toast.loading('loading 加载中');
            setTimeout(close, 3000);
          }}
        >
          loading
        </Button>
      </div>
      <h2>{t('demo.curtain')}</h2>
      <div className={styles.row}>
        <Button onClick={handleCurtain}>{t('demo.showCurtain')}</Button>
        <Button variant="secondary" onClick={() => go('/demo/blank', { curtain: true })}>
          → /demo/blank (curtain)
        </Button>
      </div>
      <pre className={styles.pre}>
        {JSON.stringify(
          {
            userAgent: navigator.userAgent,
            viewport: [innerWidth, innerHeight],
            dpr: devicePixelRatio,
            online: navigator.onLine,
          },
          null,
          2,
        )}
      </pre>
    </div>
  );
}
