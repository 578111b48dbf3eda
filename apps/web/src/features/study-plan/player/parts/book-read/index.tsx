import type { TCoursePartOf } from '@picbook/contracts';
import type { PartProps } from '../../part-props';
import { PageReader } from '../shared/PageReader';

/** book_read: the child turns the pages; each page reads itself when it opens. */
export function BookReadPart(props: PartProps<TCoursePartOf<'book_read'>>) {
  return <PageReader {...props} auto={false} />;
}
