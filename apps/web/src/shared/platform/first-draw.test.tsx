import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDrawnAfterFirstTask } from './first-draw';

function Part({ name }: { name: string }) {
  return <p>{useDrawnAfterFirstTask(name) ? 'drawn' : 'waiting'}</p>;
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
});
