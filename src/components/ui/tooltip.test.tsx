import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

function Example() {
  return (
    <Tooltip open>
      <TooltipTrigger>Export</TooltipTrigger>
      <TooltipContent>Not available yet</TooltipContent>
    </Tooltip>
  );
}

describe('Tooltip', () => {
  it('works without a TooltipProvider above it', async () => {
    render(<Example />);
    expect((await screen.findAllByText('Not available yet')).length).toBeGreaterThan(0);
  });

  it('works inside a TooltipProvider', async () => {
    render(
      <TooltipProvider>
        <Example />
      </TooltipProvider>,
    );
    expect((await screen.findAllByText('Not available yet')).length).toBeGreaterThan(0);
    await userEvent.keyboard('{Escape}');
  });
});
