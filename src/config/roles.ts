import { paths, type MarketingModule } from './paths';

/** The ten marketing roles of the spec, in order; each pairs with the module of the same position. */
export const marketingRoles = [
  { value: 'marketing_director', label: 'Marketing Director', moduleTitle: 'Executive Overview', module: 'director' },
  { value: 'content_marketing_manager', label: 'Content Marketing Manager', moduleTitle: 'Content Hub', module: 'content' },
  { value: 'digital_advertising_specialist', label: 'Digital Advertising Specialist', moduleTitle: 'Ad Console', module: 'advertising' },
  { value: 'email_marketing_specialist', label: 'Email Marketing Specialist', moduleTitle: 'Email Platform', module: 'email' },
  { value: 'social_media_manager', label: 'Social Media Manager', moduleTitle: 'Social Hub', module: 'social' },
  { value: 'seo_sem_specialist', label: 'SEO/SEM Specialist', moduleTitle: 'SEO Toolkit', module: 'seo' },
  { value: 'customer_retention_specialist', label: 'Customer Retention Specialist', moduleTitle: 'Retention Center', module: 'retention' },
  { value: 'data_analytics_manager', label: 'Data Analytics Manager', moduleTitle: 'Analytics Console', module: 'analytics' },
  { value: 'marketing_automation_specialist', label: 'Marketing Automation Specialist', moduleTitle: 'Automation Platform', module: 'automation' },
  { value: 'creative_director', label: 'Creative Director', moduleTitle: 'Creative Studio', module: 'creative' },
] as const satisfies readonly { value: string; label: string; moduleTitle: string; module: MarketingModule }[];

export type MarketingRole = (typeof marketingRoles)[number]['value'];
export type MarketingRoleInfo = (typeof marketingRoles)[number];

export const NO_ROLE_LABEL = 'Marketing Professional';

export function findRole(value: string | null | undefined): MarketingRoleInfo | undefined {
  return marketingRoles.find((role) => role.value === value);
}

export function roleLabel(value: string | null | undefined): string {
  return findRole(value)?.label ?? NO_ROLE_LABEL;
}

export function modulePath(role: MarketingRoleInfo): string {
  return paths.marketing[role.module];
}
