import type { TCoursePartOf } from '@picbook/contracts';
import type { PartProps } from '../../part-props';
import { PageReader } from '../shared/PageReader';

/** auto_reading: the book reads itself and turns its pages. */
export function AutoReadingPart(props: PartProps<TCoursePartOf<'auto_reading'>>) {
  return <PageReader {...props} auto />;
}
