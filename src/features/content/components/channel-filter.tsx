import { useId } from 'react';
import { socialCalendarCopy as copy } from '@/config/social-calendar-copy';
import type { ChannelFilter as Filter, SocialCalendarAccount } from '@/features/content/utils/social-calendar-entries';

interface ChannelFilterProps {
  accounts: readonly SocialCalendarAccount[];
  value: Filter;
  onChange(value: Filter): void;
}

/** The Editorial Calendar's channel filter: every entry, the content items only, or one social account's posts. */
export function ChannelFilter({ accounts, value, onChange }: ChannelFilterProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium">{copy.channel}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className="h-9 max-w-[14rem] rounded-md border border-input bg-background px-2 text-sm">
        <option value="all">{copy.allChannels}</option>
        <option value="content">{copy.contentOnly}</option>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>{copy.accountOption(account.network, account.display_name)}</option>
        ))}
      </select>
    </div>
  );
}
