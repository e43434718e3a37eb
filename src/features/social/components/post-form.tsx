import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { socialCopy } from '@/config/social-copy';
import { LengthMeter } from '@/features/social/components/length-meter';
import type { ComposerMedia } from '@/features/social/components/media-field';
import { NextFreeSlotButton } from '@/features/social/components/next-free-slot-button';
import { composePost, type ComposedPost, type ComposerAccount, type ComposerState } from '@/features/social/utils/compose-post';

// Loaded when opened: the Social Hub's first load carries neither the asset picker nor the preview.
const MediaField = lazy(() => import('@/features/social/components/media-field'));
const PostPreview = lazy(() => import('@/features/social/components/post-preview'));
// The link card before saving: its code loads once the text holds a link (decision 0022, session 8).
const ComposerLinkCard = lazy(() => import('@/features/social/components/composer-link-card'));
const ThreadParts = lazy(() => import('@/features/social/components/thread-parts'));

export const EMPTY_POST: ComposerState = { body: '', selected: [], variants: {}, scheduleLocal: '' };

export interface PostFormSubmit {
  body: string;
  channels: Array<{ account_id: string; body: string; parts?: string[] }>;
  scheduledAt: string | null;
  /** Approved assets with alt text, in order (create mode only; an edit keeps the post's media). */
  media?: Array<{ asset_id: string; alt: string }>;
}

interface PostFormProps {
  /** Given, the form offers images and video from the workspace's approved assets (create mode). */
  workspaceId?: string;
  /** The post being edited: its preview shows the stored link card. */
  postId?: string;
  accounts: readonly ComposerAccount[];
  initial?: ComposerState;
  /** `create`: "Schedule post" (a moment needed) and "Save draft"; `edit`: this label (no moment = a draft) and Cancel. */
  mode: 'create' | 'edit';
  saveChangesLabel?: string;
  isPending: boolean;
  /** The server's refusal of the last save, shown by the buttons; what was typed stays. */
  serverError?: string;
  /** Called with the post to save; `reset` empties the form (the composer calls it once saved). */
  onSubmit(post: PostFormSubmit, reset: () => void): void;
  onCancel?(): void;
}

/** One post, a version per chosen account with its network's live length check: the composer's and the edit dialog's form. */
export function PostForm({ workspaceId, postId, accounts, initial = EMPTY_POST, mode, saveChangesLabel, isPending, serverError, onSubmit, onCancel }: PostFormProps) {
  const id = useId();
  const [state, setState] = useState<ComposerState>(initial);
  const [attempt, setAttempt] = useState<'schedule' | 'draft' | null>(null);
  const [media, setMedia] = useState<ComposerMedia[] | null>(null);
  const [mediaProblem, setMediaProblem] = useState<string | null>(null);
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const onMediaProblem = useCallback((problem: string | null) => setMediaProblem(problem), []);
  // Each thread's first problem, reported by its (lazy) editor: the thread rules load with it, not with the page.
  const [threadProblems, setThreadProblems] = useState<Record<string, string | null>>({});
  const onThreadProblem = useCallback((accountId: string, problem: string | null) => setThreadProblems((current) => (current[accountId] === problem ? current : { ...current, [accountId]: problem })), []);
  const composed = composePost(state, accounts);
  const draft = composePost({ ...state, scheduleLocal: '' }, accounts);
  const threadProblem = composed.channels.map((channel) => (channel.parts.length > 0 && threadProblems[channel.account_id] ? `${channel.name}: ${threadProblems[channel.account_id]}` : null)).find(Boolean) ?? null;
  const needsMoment = mode === 'create' && attempt === 'schedule' && !composed.problem && !composed.scheduledAt;
  const problem = attempt === 'draft' ? draft.problem ?? mediaProblem ?? threadProblem : attempt === 'schedule' ? composed.problem ?? mediaProblem ?? threadProblem ?? (needsMoment ? socialCopy.chooseMoment : null) : null;
  const channelsShown = composed.channels.map((channel) => ({ ...channel, network: accounts.find((account) => account.id === channel.account_id)?.network ?? 'webhook' }));

  function toggle(accountId: string, checked: boolean) {
    setState((current) => ({ ...current, selected: checked ? [...current.selected, accountId] : current.selected.filter((other) => other !== accountId) }));
  }

  function setThread(accountId: string, parts: string[]) {
    setState((current) => ({ ...current, parts: { ...current.parts, [accountId]: parts } }));
  }

  function submit(kind: 'schedule' | 'draft') {
    setAttempt(kind);
    const post: ComposedPost = kind === 'schedule' ? composed : draft;
    if (post.problem || mediaProblem || threadProblem || isPending || (kind === 'schedule' && mode === 'create' && !post.scheduledAt)) return;
    const chosen = media ? { media: media.map((item) => ({ asset_id: item.assetId, alt: item.alt })) } : {};
    onSubmit({ body: state.body, channels: post.channels.map(({ account_id, body, parts }) => ({ account_id, body, ...(parts.length > 0 || state.parts?.[account_id] ? { parts } : {}) })), scheduledAt: post.scheduledAt, ...chosen }, () => {
      setState(EMPTY_POST);
      setMedia(null);
      setIsPreviewOpen(false);
      setAttempt(null);
    });
  }

  const shown = problem ?? serverError;
  return (
    <form className="space-y-4" noValidate onSubmit={(event) => { event.preventDefault(); submit('schedule'); }}>
      <FormField label={socialCopy.body}>
        <Textarea rows={4} value={state.body} onChange={(event) => setState({ ...state, body: event.target.value })} />
      </FormField>
      {workspaceId && /https?:\/\/\S/.test(state.body) ? <Suspense fallback={null}><ComposerLinkCard workspaceId={workspaceId} body={state.body} /></Suspense> : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{socialCopy.chooseAccounts}</legend>
        {accounts.length === 0 ? <p className="text-sm text-muted-foreground">{socialCopy.noAccountsToChoose}</p> : null}
        {accounts.map((account) => (
          <div key={account.id} className="flex items-center gap-2">
            <Checkbox id={`${id}-${account.id}`} checked={state.selected.includes(account.id)} onCheckedChange={(checked) => toggle(account.id, checked === true)} />
            <Label htmlFor={`${id}-${account.id}`} className="break-all font-normal">{account.display_name} · {account.network}</Label>
          </div>
        ))}
      </fieldset>
      {composed.channels.map((channel) => (
        <div key={channel.account_id} className="space-y-2">
          <FormField label={socialCopy.variantFor(channel.name)} hint={<LengthMeter check={channel.check} />}>
            <Textarea rows={3} value={channel.body} onChange={(event) => setState({ ...state, variants: { ...state.variants, [channel.account_id]: event.target.value } })} />
          </FormField>
          {channel.parts.length > 0 ? (
            <Suspense fallback={null}>
              <ThreadParts accountId={channel.account_id} network={channel.network} first={channel.body} parts={channel.parts} onChange={(parts) => setThread(channel.account_id, parts)} onProblem={onThreadProblem} />
            </Suspense>
          ) : (
            <Button type="button" variant="outline" size="sm" onClick={() => setThread(channel.account_id, [''])}>{socialCopy.addToThread}</Button>
          )}
        </div>
      ))}
      {workspaceId && media ? (
        <Suspense fallback={null}>
          <MediaField workspaceId={workspaceId} media={media} onChange={setMedia} channels={channelsShown} onProblem={onMediaProblem} />
        </Suspense>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {workspaceId && !media ? <Button type="button" variant="outline" onClick={() => setMedia([])}>{socialCopy.addMedia}</Button> : null}
        <Button type="button" variant="outline" aria-expanded={isPreviewOpen} onClick={() => setIsPreviewOpen(!isPreviewOpen)}>{socialCopy.preview}</Button>
      </div>
      {isPreviewOpen ? (
        <Suspense fallback={null}>
          <PostPreview channels={channelsShown} media={media ?? []} postId={postId} />
        </Suspense>
      ) : null}
      <FormField label={socialCopy.scheduleAt} hint={socialCopy.scheduleHint}>
        <Input type="datetime-local" value={state.scheduleLocal} onChange={(event) => setState({ ...state, scheduleLocal: event.target.value })} className="w-auto" />
      </FormField>
      <NextFreeSlotButton accountIds={state.selected} onPick={(scheduleLocal) => setState((current) => ({ ...current, scheduleLocal }))} />
      {shown ? <p role="alert" className="text-sm font-medium text-destructive">{shown}</p> : null}
      <div className="flex flex-wrap gap-2">
        {mode === 'create' ? (
          <>
            <Button type="submit" disabled={isPending}>{isPending ? socialCopy.saving : socialCopy.save}</Button>
            <Button type="button" variant="outline" disabled={isPending} onClick={() => submit('draft')}>{socialCopy.saveDraft}</Button>
          </>
        ) : (
          <>
            <Button type="submit" disabled={isPending}>{isPending ? socialCopy.saving : saveChangesLabel}</Button>
            <Button type="button" variant="outline" disabled={isPending} onClick={onCancel}>{socialCopy.cancel}</Button>
          </>
        )}
      </div>
    </form>
  );
}
