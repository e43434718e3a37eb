import type { ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { automationCopy } from '@/config/automation-copy';
import { FieldSelect } from '@/features/automation/components/field-select';
import type { WorkflowStep } from '@/features/automation/utils/workflow-graph';
import { browserTimeZone } from '@/lib/time-zones';
import { useWorkspace } from '@/lib/workspace';

type WaitStep = Extract<WorkflowStep, { type: 'wait' }>;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * A wait: a number of minutes, or until the next weekday (or any day) and hour in a time zone: the workspace's zone
 * when the wait is switched to it (the step then keeps its own zone in the graph, which can be changed here).
 */
export function WaitStepFields({ step, disabled, next, onChange }: { step: WaitStep; disabled: boolean; next: ReactNode; onChange(step: WaitStep): void }) {
  const workspaceZone = useWorkspace().current?.timeZone ?? browserTimeZone();
  const mode = 'until' in step ? 'until' : 'duration';
  const setMode = (value: string) =>
    onChange(value === 'until'
      ? { id: step.id, type: 'wait', until: { weekday: 1, hour: 9 }, time_zone: workspaceZone, next: step.next }
      : { id: step.id, type: 'wait', minutes: 1440, next: step.next });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label={automationCopy.waitFor}>
        <FieldSelect value={mode} disabled={disabled} onChange={(event) => setMode(event.target.value)}>
          <option value="duration">{automationCopy.waitModes.duration}</option>
          <option value="until">{automationCopy.waitModes.until}</option>
        </FieldSelect>
      </FormField>
      {next}
      {'until' in step ? (
        <>
          <FormField label={automationCopy.waitWeekday}>
            <FieldSelect value={step.until.weekday ?? ''} disabled={disabled} onChange={(event) => onChange({ ...step, until: { ...step.until, weekday: event.target.value === '' ? null : Number(event.target.value) } })}>
              <option value="">{automationCopy.anyDay}</option>
              {WEEKDAYS.map((day, index) => <option key={day} value={index}>{day}</option>)}
            </FieldSelect>
          </FormField>
          <FormField label={automationCopy.waitHour}>
            <FieldSelect value={step.until.hour} disabled={disabled} onChange={(event) => onChange({ ...step, until: { ...step.until, hour: Number(event.target.value) } })}>
              {HOURS.map((hour) => <option key={hour} value={hour}>{`${String(hour).padStart(2, '0')}:00`}</option>)}
            </FieldSelect>
          </FormField>
          <FormField label={automationCopy.timeZone} hint={automationCopy.timeZoneNote}>
            <Input value={step.time_zone} disabled={disabled} maxLength={64} onChange={(event) => onChange({ ...step, time_zone: event.target.value })} />
          </FormField>
        </>
      ) : (
        <FormField label={automationCopy.minutes}>
          <Input type="number" min={1} max={525600} value={step.minutes} disabled={disabled} onChange={(event) => onChange({ ...step, minutes: Number(event.target.value) })} />
        </FormField>
      )}
    </div>
  );
}
