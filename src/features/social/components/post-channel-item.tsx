import { ExternalLink } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { socialCopy } from '@/config/social-copy';
import type { SocialAccount } from '@/lib/social-accounts';
import type { SocialPostChannel } from '@/features/social/api/get-social-posts';
import { canSendAgain, channelBadge } from '@/features/social/utils/channel-display';
import { channelNeedsReconnect } from '@/features/social/utils/reconnect';

interface PostChannelItemProps {
  channel: SocialPostChannel;
  account: SocialAccount | undefined;
  canWrite: boolean;
  isSending: boolean;
  onSendAgain(channelId: string): void;
  onReconnect(account: SocialAccount): void;
}

/** A post's result on one account: its status, link or the network's answer, "Send again", or "Needs reconnecting". */
export function PostChannelItem({ channel, account, canWrite, isSending, onSendAgain, onReconnect }: PostChannelItemProps) {
  const badge = channelBadge(channel.status);
  const name = account?.display_name ?? '…';
  const isBroken = channelNeedsReconnect(channel.status, account);
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm">
      <span className="break-all font-medium">{name}</span>
      <Badge variant={badge.variant}>{badge.label}</Badge>
      {isBroken ? <Badge variant="red">{socialCopy.needsReconnecting}</Badge> : null}
      {channel.published_url ? (
        <a href={channel.published_url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 underline">
          {channel.published_url.replace(/^https?:\/\//, '')}
          <ExternalLink className="h-3 w-3" aria-hidden="true" />
        </a>
      ) : null}
      {channel.result_message ? <span className="basis-full break-words text-muted-foreground">{channel.result_message}</span> : null}
      {canWrite && isBroken && account ? (
        <Button size="sm" onClick={() => onReconnect(account)}>{socialCopy.reconnectFor(name)}</Button>
      ) : null}
      {canWrite && canSendAgain(channel.status) ? (
        <Button size="sm" variant="outline" aria-label={`${socialCopy.sendAgain}: ${name}`} disabled={isSending} onClick={() => onSendAgain(channel.id)}>{socialCopy.sendAgain}</Button>
      ) : null}
    </li>
  );
}
