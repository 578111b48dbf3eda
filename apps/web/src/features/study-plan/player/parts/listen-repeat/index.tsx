import type { TCoursePartOf } from '@picbook/contracts';
import type { PartProps } from '../../part-props';
import { SpeakPart } from '../shared/SpeakPart';

/** listen_repeat: see SpeakPart's "listen" mode. */
export function ListenRepeatPart(props: PartProps<TCoursePartOf<'listen_repeat'>>) {
  return <SpeakPart {...props} mode="listen" />;
}
