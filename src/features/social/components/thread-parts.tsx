import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { LengthMeter } from '@/features/social/components/length-meter';
import { threadPartsCopy } from '@/features/social/components/thread-parts-copy';
import { checkPostLength, type SocialNetwork } from '@/features/social/network-rules';
import { MAX_THREAD_PARTS, threadProblem } from '@/features/social/thread-rules';

interface ThreadPartsProps {
  accountId: string;
  network: SocialNetwork;
  /** The version's own text (the thread's first post). */
  first: string;
  /** The parts after the version's own text (its first post). */
  parts: string[];
  onChange(parts: string[]): void;
  /** The thread's first problem against its network's rules (thread-rules.ts), or null; null again when it closes. */
  onProblem(accountId: string, problem: string | null): void;
}

/**
 * A version's thread (loaded when "Add to thread" is first pressed): each part with its network's live length meter
 * and a Remove button, and "Add to thread" for one more. The version's own text is part 1; these are 2, 3, ….
 * Removing a part moves the focus to the part before it (or to "Add to thread"), so the keyboard never gets lost.
 */
export default function ThreadParts({ accountId, network, first, parts, onChange, onProblem }: ThreadPartsProps) {
  const id = useId();
  const problem = threadProblem(network, [first, ...parts]);
  useEffect(() => onProblem(accountId, problem), [accountId, problem, onProblem]);
  useEffect(() => () => onProblem(accountId, null), [accountId, onProblem]);
  const addRef = useRef<HTMLButtonElement>(null);
  const total = parts.length + 1;

  function remove(index: number) {
    onChange(parts.filter((_, other) => other !== index));
    requestAnimationFrame(() => (document.getElementById(`${id}-${index - 1}`) ?? addRef.current)?.focus());
  }

  function add() {
    onChange([...parts, '']);
    requestAnimationFrame(() => document.getElementById(`${id}-${parts.length}`)?.focus());
  }

  return (
    <fieldset className="space-y-3 border-l-2 border-muted pl-3">
      <legend className="text-sm font-medium">{threadPartsCopy.legend}</legend>
      {parts.map((part, index) => {
        const check = checkPostLength(network, part);
        return (
          <div key={index} className="space-y-1">
            <Label htmlFor={`${id}-${index}`}>{threadPartsCopy.partLabel(index + 2, total)}</Label>
            <Textarea id={`${id}-${index}`} rows={2} value={part} aria-describedby={`${id}-${index}-meter`} onChange={(event) => onChange(parts.map((other, at) => (at === index ? event.target.value : other)))} />
            <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <span id={`${id}-${index}-meter`}><LengthMeter check={check} /></span>
              <Button type="button" variant="ghost" size="sm" onClick={() => remove(index)}>{threadPartsCopy.removePart(index + 2)}</Button>
            </div>
          </div>
        );
      })}
      {parts.length < MAX_THREAD_PARTS ? (
        <Button ref={addRef} type="button" variant="outline" size="sm" onClick={add}>{threadPartsCopy.addPart}</Button>
      ) : (
        <p className="text-xs text-muted-foreground">{threadPartsCopy.tooMany(MAX_THREAD_PARTS)}</p>
      )}
    </fieldset>
  );
}
