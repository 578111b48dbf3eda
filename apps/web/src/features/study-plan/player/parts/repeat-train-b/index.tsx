import type { TCoursePartOf } from '@picbook/contracts';
import type { PartProps } from '../../part-props';
import { SpeakPart } from '../shared/SpeakPart';

/** repeat_train_b: see SpeakPart's "memory" mode. */
export function RepeatTrainBPart(props: PartProps<TCoursePartOf<'repeat_train_b'>>) {
  return <SpeakPart {...props} mode="memory" />;
}
