import type { TBook, TRankDetail } from '@picbook/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { callNative, hasNativeBridge } from '../../shared/bridge/bridge';
import { useJump } from '../../shared/navigation/jump';
import { qrDataUrl } from '../../shared/qr/qr-code';
import { api } from '../../shared/request/api';
import { recordShare } from '../../shared/share/share';
import { useStartup } from '../../shared/startup/startup-store';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import oopsArt from '../../shared/ui/illustrations/mascot-oops.svg';
import { StateScreen } from '../../shared/ui/StateScreen';
import { useBook } from '../library';
import { useRankDetail } from '../works';
import styles from './Production.module.css';
import { drawPoster } from './poster';

/**
 * /library/productionFinished/:bookId/:rankId — the dubbed book is saved (it is the work); a share
 * poster is drawn for it (cover, title, the child's name and score, and the QR code of the work's
 * share address, decision 092) to save or share; sharing also collects the book's share reward
 * once.
 */
export default function ProductionFinishedPage() {
  const { t } = useTranslation('practice');
  const { bookId = '', rankId = '' } = useParams();
  const book = useBook(Number(bookId));
  const work = useRankDetail(Number(rankId));
  if (book.isPending || work.isPending) return <div className={styles.finished} />;
  if (!book.data || !work.data) {
    return <StateScreen art={oopsArt} title={t('production.loadFailed')} />;
  }
  return <PosterView book={book.data} work={work.data} />;
}

function PosterView({ book, work }: { book: TBook; work: TRankDetail }) {
  const { t } = useTranslation('practice');
  const jump = useJump();
  const [poster, setPoster] = useState<{ blob: Blob; url: string } | null>(null);
  const [failed, setFailed] = useState(false);
  // The work's share address (the QR code); without it (offline, an error) the poster has none.
  const link = useQuery({
    queryKey: ['works', 'share-link', work.id],
    queryFn: () => api('workShareLink', { params: { id: work.id } }, { silent: true }),
    staleTime: 60_000,
    retry: 1,
  });
  const shareUrl = link.data ? `${window.location.origin}${link.data.path}` : '';
  const linkSettled = !link.isPending;
  useEffect(() => {
    if (!linkSettled) return;
    let cancelled = false;
    let url = '';
    const qr = shareUrl
      ? qrDataUrl(shareUrl, 480).then((image) => ({
          image,
          scan: t('production.posterScan', { name: work.user.nickname }),
          address: shareUrl.replace(/^https?:\/\//, ''),
        }))
      : Promise.resolve(undefined);
    qr.then((code) =>
      drawPoster({
        cover: book.book_info.cover.image,
        titleEn: book.book_info.title_en,
        titleCn: book.book_info.title_cn,
        nickname: work.user.nickname,
        score: work.score,
        caption: t('production.posterCaption'),
        brand: t('production.brand'),
        qr: code,
      }),
    )
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setPoster({ blob, url });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [book, work, t, shareUrl, linkSettled]);

  const reward = useMutation({
    mutationFn: () =>
      api('shareReward', { params: { id: book.book_info.id }, body: { type: work.type } }),
    onSuccess: (data) => {
      toast.success(t('finished.shared', { coins: data.coins }));
      void useStartup
        .getState()
        .reloadUser()
        .catch(() => undefined);
    },
  });

  const save = () => {
    if (!poster) return;
    const a = document.createElement('a');
    a.href = poster.url;
    a.download = `picbook-${book.book_info.id}-${work.id}.png`;
    a.click();
  };

  const share = async () => {
    if (!poster) return;
    const file = new File([poster.blob], 'picbook-poster.png', { type: 'image/png' });
    try {
      if (hasNativeBridge()) {
        const dataUrl = await blobToDataUrl(poster.blob);
        await callNative('share', { type: 'image', image: dataUrl });
      } else if (navigator.canShare?.({ files: [file] })) {
        await navigator.share({
          files: [file],
          title: book.book_info.title_cn,
          ...(shareUrl ? { url: shareUrl } : {}),
        });
      } else {
        save();
      }
    } catch {
      return; // cancelled by the user: no reward
    }
    void recordShare('poster', {
      book_id: book.book_info.id,
      work_id: work.id,
      link: shareUrl ? 1 : 0,
    });
    if (work.finished) reward.mutate();
  };

  return (
    <div className={styles.finished} data-testid="production-finished">
      <div className={styles.posterBox}>
        {poster ? (
          <img
            src={poster.url}
            alt={t('production.posterAlt')}
            data-testid="poster"
            data-share-url={shareUrl}
          />
        ) : (
          <div className={styles.posterWait}>{failed ? t('production.posterFailed') : '…'}</div>
        )}
      </div>
      <div className={styles.side}>
        <h1 className={styles.savedTitle}>{t('production.saved')}</h1>
        <p className={styles.savedHint}>{t('production.savedHint')}</p>
        {link.data?.shared === 0 && (
          <p className={styles.savedHint} data-testid="share-needs-consent">
            {t('production.needsConsent')}
          </p>
        )}
        <Button size="large" variant="sky" onClick={() => void share()} disabled={!poster}>
          {t('production.share')}
        </Button>
        <Button size="large" variant="secondary" onClick={save} disabled={!poster}>
          {t('production.save')}
        </Button>
        <Button
          size="large"
          variant="secondary"
          onClick={() => jump('worksHome', {})}
          data-testid="to-my-works"
        >
          {t('production.myWorks')}
        </Button>
        <Button
          size="large"
          variant="grass"
          onClick={() =>
            jump(
              'libraryProduction',
              { bookId: book.book_info.id, rankId: work.id },
              { replace: true, needBackPath: false },
            )
          }
        >
          {t('production.again')}
        </Button>
      </div>
    </div>
  );
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
