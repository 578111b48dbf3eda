import type { TCoursePart, TCoursePartOf, TCoursePartType } from '@picbook/contracts';
import type { LocalAnswerRecord } from '@picbook/domain';
import type { ComponentType } from 'react';

/**
 * What every part component of the player receives: its part, a way to record an answer (one
 * per item id; a new answer for the same item replaces the old) and a way to say it is done.
 */
export interface PartProps<P extends TCoursePart = TCoursePart> {
  part: P;
  onAnswer(record: LocalAnswerRecord): void;
  onDone(): void;
}

export type PartComponents = { [T in TCoursePartType]: ComponentType<PartProps<TCoursePartOf<T>>> };

/** The answer id of the i-th item (from 0) of a part: `${part}.${i + 1}`. */
export const itemId = (part: TCoursePart, index: number) => `${part.part}.${index + 1}`;
