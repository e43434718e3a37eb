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

describe('TriggerFields: the field, date, tag removed and form triggers', () => {
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

  it('a tag removed trigger names a tag, or none for any tag', async () => {
    const user = userEvent.setup();
    const onGraph = vi.fn();
    render(<Harness onGraph={onGraph} />);
    await user.selectOptions(screen.getByLabelText('Starts when'), 'A tag is removed');
    expect(onGraph).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: { type: 'tag_removed', tag: null } }));
    const tag = screen.getByLabelText('Tag');
    expect(tag).toHaveAccessibleDescription('Leave empty to start when any tag is removed.');
    await user.type(tag, 'trial');
    expect(onGraph).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: { type: 'tag_removed', tag: 'trial' } }));
    await user.clear(tag);
    expect(onGraph).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: { type: 'tag_removed', tag: null } }));
  });

  it('the form trigger says it also starts for a contact already here', async () => {
    const user = userEvent.setup();
    render(<Harness onGraph={vi.fn()} />);
    await user.selectOptions(screen.getByLabelText('Starts when'), 'A form is submitted');
    expect(screen.getByLabelText('Starts when')).toHaveAccessibleDescription(
      'Starts when a subscribe form of the workspace is sent: by a new contact, or by a contact already here with that address.',
    );
  });
});
