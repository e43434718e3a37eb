import { contactsCopy } from '@/config/contacts-copy';
import { lifecycleStages } from '@/config/contact-options';

/** 'Dana Reyes', else the e-mail, else a placeholder: how a contact is named in lists and dialogs. */
export function contactName(contact: { first_name: string | null; last_name: string | null; email: string | null }): string {
  const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ').trim();
  return name || contact.email || contactsCopy.unnamed;
}

export function stageLabel(stage: string): string {
  return lifecycleStages.find((option) => option.value === stage)?.label ?? stage;
}
