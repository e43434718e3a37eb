import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TriggerFields } from '@/features/automation/components/trigger-fields';
import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  return { supabase: createFakeSupabase().client };
});
vi.mock('@/lib/workspace-members', () => ({ useWorkspaceMembers: () => ({ data: [{ userId: 'u-1', firstName: 'Ada', lastName: 'Lane', email: 'ada@example.com' }] }) }));

const start: WorkflowGraph = { trigger: { type: 'contact_created' }, enrollment: 'once', steps: [{ id: 'done', type: 'end' }] };

function Harness({ onGraph }: { onGraph(graph: WorkflowGraph): void }) {
  const [graph, setGraph] = useState(start);
  return <TriggerFields graph={graph} readOnly={false} onChange={(next) => { setGraph(next); onGraph(next); }} />;
}

describe('TriggerFields: the field and date triggers', () => {
  it('a date trigger counts days after a date chosen with the keyboard', async () => {
    const user = userEvent.setup();
    const onGraph = vi.fn();
    render(<Harness onGraph={onGraph} />);
    await user.selectOptions(screen.getByLabelText('Starts when'), 'date_reached');
    expect(onGraph).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: { type: 'date_reached', field: 'created_at', days: 30 } }));
    await user.selectOptions(screen.getByLabelText('Counted from'), 'last_activity_at');
    await user.clear(screen.getByLabelText('Days after'));
    await user.type(screen.getByLabelText('Days after'), '60');
    expect(onGraph).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: { type: 'date_reached', field: 'last_activity_at', days: 60 } }));
  });

  it('a field trigger names the field and, optionally, its new value (a stage, a member, a text)', async () => {
    const user = userEvent.setup();
    const onGraph = vi.fn();
    render(<Harness onGraph={onGraph} />);
    await user.selectOptions(screen.getByLabelText('Starts when'), 'field_changed');
    await user.selectOptions(screen.getByLabelText('Changes to'), 'customer');
    expect(onGraph).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: { type: 'field_changed', field: 'lifecycle_stage', to: 'customer' } }));
    await user.selectOptions(screen.getByLabelText('Field'), 'owner_id');
    expect(onGraph).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: { type: 'field_changed', field: 'owner_id', to: null } }));
    await user.selectOptions(screen.getByLabelText('Changes to'), 'Ada Lane');
    expect(onGraph).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: { type: 'field_changed', field: 'owner_id', to: 'u-1' } }));
    await user.selectOptions(screen.getByLabelText('Field'), 'job_title');
    await user.type(screen.getByLabelText('Changes to'), 'CTO');
    expect(onGraph).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: { type: 'field_changed', field: 'job_title', to: 'CTO' } }));
  });
});
