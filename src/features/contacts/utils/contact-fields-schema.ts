import { z } from 'zod';
import { CONTACT_LIMITS } from '@/config/contact-options';
import { contactsCopy } from '@/config/contacts-copy';
import { CONTACT_EMAIL_PATTERN, CONTACT_PHONE_PATTERN, uniqueTags } from '@/features/contacts/utils/contact-values';

/**
 * The database's rules for a contact's fields (20261123070200_create_contacts.sql), checked before sending so the
 * form and the CSV preview name the field at fault. The database checks them again. Its own module: zod (~20 KB)
 * loads with the contact dialog and the import wizard, not with the contacts list (issue 33).
 */

const errors = contactsCopy.errors;
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((text) => text || null);

/** Fields as the database stores them (blank → null), from text. */
export const contactFieldsSchema = z
  .object({
    first_name: optionalText(CONTACT_LIMITS.name, errors.tooLong(CONTACT_LIMITS.name)),
    last_name: optionalText(CONTACT_LIMITS.name, errors.tooLong(CONTACT_LIMITS.name)),
    email: z
      .string()
      .trim()
      .max(254, errors.emailInvalid)
      .refine((text) => text === '' || CONTACT_EMAIL_PATTERN.test(text), errors.emailInvalid)
      .transform((text) => text || null),
    company: optionalText(CONTACT_LIMITS.company, errors.tooLong(CONTACT_LIMITS.company)),
    job_title: optionalText(CONTACT_LIMITS.jobTitle, errors.tooLong(CONTACT_LIMITS.jobTitle)),
    phone: z
      .string()
      .trim()
      .max(CONTACT_LIMITS.phone, errors.phoneInvalid)
      .refine((text) => text === '' || CONTACT_PHONE_PATTERN.test(text), errors.phoneInvalid)
      .transform((text) => text || null),
    notes: optionalText(CONTACT_LIMITS.notes, errors.tooLong(CONTACT_LIMITS.notes)),
    tags: z
      .array(z.string())
      .transform((tags) => uniqueTags(tags))
      .refine((tags) => tags.length <= CONTACT_LIMITS.tags, errors.tooManyTags)
      .refine((tags) => tags.every((tag) => tag.length <= CONTACT_LIMITS.tag), errors.tagTooLong),
  })
  .refine((contact) => contact.first_name || contact.last_name || contact.email, { message: errors.nameOrEmail, path: ['first_name'] });

export type ContactFields = z.output<typeof contactFieldsSchema>;
