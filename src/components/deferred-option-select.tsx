import { ChevronDown } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import type { OptionSelectProps } from '@/components/option-select';
import { selectTriggerClass } from '@/components/ui/select-trigger-class';
import { useLoadOnIntent } from '@/lib/use-load-on-intent';
import { cn } from '@/lib/utils';

const loadOptionSelect = () => import('@/components/option-select');

/**
 * `OptionSelect` for a page's own controls (filters, pickers) shown on its first load: Radix Select with floating-ui
 * (~19 KB) stays off that load (issue 33). Until used, a stand-in trigger that looks and reads the same (a combobox
 * named by its label, showing the chosen option) is rendered; the pointer over it, a touch or keyboard focus loads
 * the select, and a click, Enter, Space or an arrow key opens it (`useLoadOnIntent`). Dialogs, which load with their
 * opening, use `OptionSelect` itself.
 */
export function DeferredOptionSelect<T extends string>(props: OptionSelectProps<T>) {
  const { loaded, clicked, intent } = useLoadOnIntent(loadOptionSelect);
  if (loaded) return <loaded.OptionSelect {...props} defaultOpen={clicked !== null} />;

  const { id, value, options, disabled, className, onChange: _onChange, defaultOpen: _defaultOpen, ...aria } = props;
  const handlers = intent('select');
  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    handlers.onClick();
  }
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      id={id}
      disabled={disabled}
      className={cn(selectTriggerClass, className)}
      {...aria}
      {...handlers}
      onKeyDown={handleKeyDown}
    >
      <span style={{ pointerEvents: 'none' }}>{options.find((option) => option.value === value)?.label}</span>
      <ChevronDown className="h-4 w-4 opacity-50" aria-hidden="true" />
    </button>
  );
}
