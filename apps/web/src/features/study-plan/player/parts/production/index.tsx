import type { TCoursePartOf, TCourseSentence } from '@picbook/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrack } from '../../../../../shared/audio';
import { Button } from '../../../../../shared/ui/Button';
import type { PartProps } from '../../part-props';
import styles from '../parts.module.css';
import { SpeakPart } from '../shared/SpeakPart';

/**
 * production: the child dubs the story sentence by sentence over its pictures, then hears the
 * story told in their own voice (the recordings in order, each over its picture).
 */
export function ProductionPart(props: PartProps<TCoursePartOf<'production'>>) {
  const [story, setStory] = useState<Array<{ sentence: TCourseSentence; url: string }> | null>(
    null,
  );
  if (story) return <MyStory story={story} onDone={props.onDone} />;
  return <SpeakPart {...props} mode="dub" onAllRecorded={setStory} />;
}

function MyStory({
  story,
  onDone,
}: {
  story: Array<{ sentence: TCourseSentence; url: string }>;
  onDone(): void;
}) {
  const { t } = useTranslation('studyPlan');
  const playback = useTrack({ url: story.map((s) => s.url), interval: 500 });
  const shown = story[playback.state.index] ?? story[0];
  const playing = playback.state.state === 'playing';
  return (
    <div className={styles.story} data-testid="my-story">
      <figure className={styles.readerPicture}>
        {shown && <img src={shown.sentence.picture.image} alt="" />}
        {shown && playing && <figcaption lang="en">{shown.sentence.en}</figcaption>}
      </figure>
      <div className={styles.itemBar}>
        <Button
          size="large"
          variant="sky"
          onClick={() => (playing ? playback.track.stop() : playback.track.play())}
          data-testid="my-story-play"
        >
          {playing ? t('player.stopStory') : t('player.myStory')}
        </Button>
        <Button
          size="large"
          variant="grass"
          onClick={() => {
            playback.track.stop();
            onDone();
          }}
          data-testid="my-story-done"
        >
          {t('player.finish')}
        </Button>
      </div>
    </div>
  );
}
