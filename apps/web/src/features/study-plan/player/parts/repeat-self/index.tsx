import type { TCoursePartOf } from '@picbook/contracts';
import type { PartProps } from '../../part-props';
import { SpeakPart } from '../shared/SpeakPart';

/** repeat_self: see SpeakPart's "self" mode. */
export function RepeatSelfPart(props: PartProps<TCoursePartOf<'repeat_self'>>) {
  return <SpeakPart {...props} mode="self" />;
}
