/** Brand and contact details, once. */
export const site = {
  name: 'Beyond Brochures',
  platformName: 'Beyond Brochures Marketing Platform',
  tagline: 'We build high performance task driven websites',
  description:
    'Beyond Brochures is a web agency that builds high performance, task driven websites and a multi-tenant marketing platform for marketing teams.',
  contactEmail: 'hello@beyondbrochures.example',
  audio: { bucket: 'audio', path: 'beyond-brochures.mp3' },
} as const;
