import { ErrorCode } from '@picbook/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { feedback } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { writeMessage } from '../../platform/messages/parent-messages';
import { defineOperatorAction } from '../../platform/ops/operator-action';
import { writeWeeklySummaries } from './parent-space';

/** Writes last week's summaries now (the hourly job does the same; reruns write nothing new). */
export const weeklySummaryAction = defineOperatorAction({
  name: 'reports.weeklySummary',
  summary: 'Write the weekly summary message of last China week for every active child (once)',
  roles: ['support'],
  input: z.object({}).strict(),
  async run({ tx, now }) {
    const written = await writeWeeklySummaries(tx, now);
    return { result: { written }, target: null };
  },
});

/** Answers a parent's feedback: the answer is kept and sent to the family as a message. */
export const answerFeedbackAction = defineOperatorAction({
  name: 'feedback.answer',
  summary: 'Answer a parent’s feedback (the family reads it in the parents’ messages)',
  roles: ['support'],
  input: z.object({ id: z.number().int().min(1), answer: z.string().trim().min(1).max(1000) }),
  async run({ tx, input, now }) {
    const [row] = await tx.select().from(feedback).where(eq(feedback.id, input.id)).for('update');
    if (!row) throw new AppError(ErrorCode.RecordNotFound, `feedback ${input.id} not found`);
    await tx
      .update(feedback)
      .set({ answer: input.answer, answeredAt: now })
      .where(eq(feedback.id, input.id));
    await writeMessage(tx, row.userId, {
      kind: 'feedback',
      title: '您的反馈有回复了',
      body: input.answer,
      link: '/parents/feedback',
      dedupeKey: `feedback:${row.id}:answer:${now.getTime()}`,
    });
    return {
      result: { id: row.id },
      target: `feedback:${row.id}`,
      before: { answer: row.answer },
      after: { answer: input.answer },
    };
  },
});

export const reportActions = [weeklySummaryAction, answerFeedbackAction];
