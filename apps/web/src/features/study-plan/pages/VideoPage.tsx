import type { TCourse, TCourseVideo } from '@picbook/contracts';
import { VIDEO_EXAM_TYPE } from '@picbook/domain';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { stopAll } from '../../../shared/audio';
import { useStartup } from '../../../shared/startup/startup-store';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import { clearLearningHistory } from '../learning-history';
import { submitCourse } from '../study-plan-queries';
import { canPlayMp4, initialVideo, type VideoError, videoReducer } from '../video-state';
import { CourseProblem, finishPath, useCourseOfKind } from './CoursePage';
import styles from './VideoPage.module.css';

/** /learning/video/:processId — the week's story video; watching it to the end finishes the course. */
export default function VideoPage() {
  const { id, course } = useCourseOfKind('video');
  const data = course.data;
  if (course.isError)
    return <CourseProblem error={course.error} onRetry={() => void course.refetch()} />;
  if (data?.content.kind !== 'video')
    return <div className={styles.page} data-testid="video-loading" />;
  return <VideoPlayer key={id} course={data} video={data.content.video} />;
}

function VideoPlayer({ course, video }: { course: TCourse; video: TCourseVideo }) {
  const { t } = useTranslation('studyPlan');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const userId = useStartup((s) => s.user?.id);
  const ref = useRef<HTMLVideoElement>(null);
  const [snap, dispatch] = useReducer(videoReducer, initialVideo);
  const [subtitles, setSubtitles] = useState(true);
  const caption = useCaption(ref);
  const watched = useRef(0);
  const last = useRef(0);
  const [sending, setSending] = useState(false);

  const fail = (error: VideoError) => {
    dispatch({ type: 'error', error });
    toast.error(t(`video.${error}`));
  };
  const play = () => {
    const el = ref.current;
    if (!video.url) return fail('badUrl');
    if (!el || !canPlayMp4(el)) return fail('initFailed');
    dispatch({ type: 'request' });
    stopAll('music');
    el.play().catch(() => fail('failed'));
  };

  const finish = async () => {
    setSending(true);
    try {
      await submitCourse({
        uuid: course.uuid,
        processId: course.process_id,
        studyTime: watched.current,
        answers: [
          {
            exam_type: VIDEO_EXAM_TYPE,
            score_type: 0,
            exam_detail: { id: '1.1', read_time: Math.round(watched.current) },
          },
        ],
        ref: search.get('ref') ?? 'planning',
      });
      clearLearningHistory(userId, course.level);
      await navigate(finishPath(course), { replace: true });
    } catch {
      setSending(false);
    }
  };

  const progress = snap.duration > 0 ? (100 * snap.currentTime) / snap.duration : 0;
  return (
    <div className={styles.page} data-testid="video-page" data-state={snap.state}>
      <div className={styles.frame}>
        {/* biome-ignore lint/a11y/useMediaCaption: English subtitles come as a WebVTT track */}
        <video
          ref={ref}
          className={styles.video}
          src={video.url || undefined}
          poster={video.poster}
          playsInline
          preload="metadata"
          crossOrigin="anonymous"
          onPlaying={() => dispatch({ type: 'playing' })}
          onPause={() => dispatch({ type: 'pause' })}
          onWaiting={() => dispatch({ type: 'waiting' })}
          onEnded={() => {
            dispatch({ type: 'ended' });
            void finish();
          }}
          onError={() => fail('failed')}
          onTimeUpdate={(e) => {
            const el = e.currentTarget;
            const step = el.currentTime - last.current;
            // Only time really watched counts (a jump forward does not).
            if (step > 0 && step < 1.5) watched.current += step;
            last.current = el.currentTime;
            dispatch({
              type: 'time',
              currentTime: el.currentTime,
              duration: el.duration || video.duration,
            });
          }}
        >
          <track kind="subtitles" srcLang="en" label="English" src={video.subtitles} default />
        </video>
        {subtitles && caption && (
          <p className={styles.caption} lang="en" data-testid="video-caption">
            {caption}
          </p>
        )}
        {snap.state !== 'playing' && snap.state !== 'waiting' && (
          <button
            type="button"
            className={styles.big}
            onClick={play}
            disabled={sending || snap.state === 'error'}
            aria-label={snap.state === 'ended' ? t('video.replay') : t('video.play')}
            data-testid="video-play"
          >
            {snap.state === 'error' ? '!' : '▶'}
          </button>
        )}
        {snap.state === 'waiting' && <p className={styles.waiting}>{t('video.waiting')}</p>}
        {snap.error && (
          <p className={styles.error} role="alert" data-testid="video-error">
            {t(`video.${snap.error}`)}
          </p>
        )}
      </div>
      <div className={styles.controls}>
        <Button
          variant="secondary"
          onClick={() => (snap.state === 'playing' ? ref.current?.pause() : play())}
          disabled={snap.state === 'error'}
        >
          {snap.state === 'playing' ? t('video.pause') : t('video.play')}
        </Button>
        <span className={styles.track}>
          <span style={{ width: `${progress}%` }} />
        </span>
        <Button
          variant={subtitles ? 'sky' : 'secondary'}
          onClick={() => setSubtitles((v) => !v)}
          aria-pressed={subtitles}
          data-testid="video-subtitles"
        >
          {t(subtitles ? 'video.subtitlesOn' : 'video.subtitlesOff')}
        </Button>
        {snap.state === 'ended' && (
          <Button variant="grass" onClick={() => void finish()} isLoading={sending}>
            {t('video.done')}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * The line being said, from the WebVTT track (kept hidden: the browser's own captions are a small
 * grey strip a child cannot read, issue 39 item 10); drawn large over the video by the page.
 */
function useCaption(ref: React.RefObject<HTMLVideoElement | null>): string {
  const [caption, setCaption] = useState('');
  useEffect(() => {
    const track = ref.current?.textTracks[0];
    if (!track) return;
    track.mode = 'hidden';
    const onChange = () => {
      const cues = Array.from(track.activeCues ?? []) as VTTCue[];
      setCaption(cues.map((c) => c.text).join('\n'));
    };
    track.addEventListener('cuechange', onChange);
    return () => track.removeEventListener('cuechange', onChange);
  }, [ref]);
  return caption;
}
