import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { describe, expect, it } from 'vitest';
import ThreadParts from '@/features/social/components/thread-parts';
import { composePost } from '@/features/social/utils/compose-post';

function Harness({ initial }: { initial: string[] }) {
  const [parts, setParts] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const onProblem = useCallback((_account: string, next: string | null) => setProblem(next), []);
  return (
    <>
      <ThreadParts accountId="a" network="bluesky" first="One" parts={parts} onChange={setParts} onProblem={onProblem} />
      <output data-testid="parts">{JSON.stringify(parts)}</output>
      <output data-testid="problem">{problem ?? ''}</output>
    </>
  );
}

describe('ThreadParts', () => {
  it('adds, types and removes parts from the keyboard, each with its own length meter', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['']} />);
    const first = screen.getByLabelText('Part 2 of 2');
    await user.click(first);
    await user.keyboard('Second post');
    expect(document.body.textContent).toContain('11 / 300');
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add to thread' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Part 3 of 3')));
    await user.keyboard('x'.repeat(301));
    expect(document.body.textContent).toContain('301 / 300 — Bluesky takes 300 characters');
    expect(screen.getByTestId('parts').textContent).toBe(JSON.stringify(['Second post', 'x'.repeat(301)]));
    expect(screen.getByTestId('problem').textContent).toBe('Part 3 of the thread: Bluesky takes 300 characters as people see them (emoji count once): this is 1 too long.');
    screen.getByRole('button', { name: 'Remove part 3' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('parts').textContent).toBe(JSON.stringify(['Second post']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Part 2 of 2')));
    expect(screen.getByTestId('problem').textContent).toBe('');
    expect(screen.queryByLabelText('Part 3 of 3')).toBeNull();
  });
});

describe('composePost with a thread', () => {
  it('carries each account’s parts (their rules are checked by the thread editor, loaded with it)', () => {
    const accounts = [{ id: 'a', network: 'bluesky', display_name: 'bob.test' }];
    const composed = composePost({ body: 'One', selected: ['a'], variants: {}, scheduleLocal: '', parts: { a: ['Two'] } }, accounts);
    expect(composed.channels[0]!.parts).toEqual(['Two']);
    expect(composed.problem).toBeNull();
  });
});
