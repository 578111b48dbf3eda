import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDrawnAfterFirstTask } from './first-draw';

function Part({ name, isReady }: { name: string; isReady?: boolean }) {
  return <p>{useDrawnAfterFirstTask(name, isReady) ? 'drawn' : 'waiting'}</p>;
}

describe('a part drawn a task after the app first draws it (decision 111)', () => {
  it('waits one task on its first draw, then draws at once', async () => {
    const first = render(<Part name="cards" />);
    expect(screen.getByText('waiting')).toBeDefined();
    expect(await screen.findByText('drawn')).toBeDefined();
    first.unmount();
    render(<Part name="cards" />);
    expect(screen.getByText('drawn')).toBeDefined();
  });

  it('counts each part on its own', () => {
    render(<Part name="page" />);
    expect(screen.getByText('waiting')).toBeDefined();
  });

  it('waits for its turn: the task is counted from when it is ready', async () => {
    const view = render(<Part name="rest" isReady={false} />);
    const part = within(view.container);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(part.getByText('waiting')).toBeDefined();
    view.rerender(<Part name="rest" isReady />);
    expect(part.getByText('waiting')).toBeDefined();
    expect(await part.findByText('drawn')).toBeDefined();
  });
});
