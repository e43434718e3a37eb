/**
 * The line under the title of the modules whose subtitle is not in their feature's copy (`ModulePage`'s subtitle):
 * the page renders it, and so does the page's frame in the served HTML
 * (features/dashboard/components/app-frame-pages.ts). No copy file is imported here: each page loads only its own.
 */
export const moduleSubtitles = {
  director: 'Marketing Director overview: budget, team and strategy across every channel.',
  social: 'Social Media Hub: audience, engagement and the posting schedule.',
  retention: 'Customer Retention Center: lead scores, churn risk and loyalty.',
} as const;
