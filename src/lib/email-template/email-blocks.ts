import { z } from 'zod';

/**
 * An e-mail's content as the visual editor builds it and the database stores it (email_templates.blocks,
 * email_campaigns.blocks): a list of blocks, never HTML. The database checks the same shape
 * (private.email_blocks_valid, 20261128120100); the renderer (render-email.tsx) turns it into react-email markup.
 */

/** Links are http(s) or mailto only, as the database requires. */
const LINK = /^(https?:\/\/[^\s<>"'`\\]+|mailto:[^\s<>"'`\\]+)$/;
const NO_CONTROL = /^[^\p{Cc}\u0085\u2028\u2029]*$/u;

export const linkSchema = z.string().min(8, 'Enter a full address, starting with https://').max(2000).regex(LINK, 'Enter an address starting with https://, http:// or mailto:');

export const headingBlock = z.object({
  type: z.literal('heading'),
  text: z.string().min(1, 'Write the heading').max(200).regex(NO_CONTROL, 'One line, without control characters'),
  level: z.union([z.literal(1), z.literal(2)]).optional(),
});
export const textBlock = z.object({ type: z.literal('text'), markdown: z.string().max(5000, 'At most 5,000 characters') });
export const imageBlock = z.object({
  type: z.literal('image'),
  src: linkSchema.refine((value) => /^https?:\/\//.test(value), 'An image address starts with https://'),
  alt: z.string().max(200).optional(),
  href: linkSchema.optional(),
  asset_id: z.uuid().optional(),
  width: z.number().int().min(40).max(600).optional(),
});
export const buttonBlock = z.object({
  type: z.literal('button'),
  label: z.string().trim().min(1, 'Write the button’s label').max(80).regex(NO_CONTROL, 'One line, without control characters'),
  href: linkSchema,
});
export const dividerBlock = z.object({ type: z.literal('divider') });

const columnContent = z.discriminatedUnion('type', [headingBlock, textBlock, imageBlock, buttonBlock]);
export const columnsBlock = z.object({
  type: z.literal('columns'),
  columns: z.tuple([z.array(columnContent).max(10), z.array(columnContent).max(10)]),
});

export const emailBlock = z.discriminatedUnion('type', [headingBlock, textBlock, imageBlock, buttonBlock, dividerBlock, columnsBlock]);
export const emailBlocks = z.array(emailBlock).max(60, 'At most 60 blocks');

export type HeadingBlock = z.infer<typeof headingBlock>;
export type TextBlock = z.infer<typeof textBlock>;
export type ImageBlock = z.infer<typeof imageBlock>;
export type ButtonBlock = z.infer<typeof buttonBlock>;
export type ColumnContent = z.infer<typeof columnContent>;
export type ColumnsBlock = z.infer<typeof columnsBlock>;
export type EmailBlock = z.infer<typeof emailBlock>;
export type EmailBlockType = EmailBlock['type'];

/** The content of a template or a campaign. */
export interface EmailContent {
  subject: string;
  preheader: string;
  blocks: EmailBlock[];
}

/** Stored blocks (jsonb) as blocks: whatever does not fit is left out (the database never stores it anyway). */
export function readBlocks(value: unknown): EmailBlock[] {
  const parsed = emailBlocks.safeParse(value);
  if (parsed.success) return parsed.data;
  if (!Array.isArray(value)) return [];
  return value.flatMap((block) => {
    const one = emailBlock.safeParse(block);
    return one.success ? [one.data] : [];
  });
}
