/** The parts `npm run chaos` can run alone (`--only <part>`), in the order a whole run takes them. */
export const CHAOS_PARTS = ['writes', 'jobs', 'webhooks', 'social', 'automation'] as const;
export type ChaosPart = (typeof CHAOS_PARTS)[number];

/**
 * `npm run chaos [-- --kills N] [-- --only part]`: every part unless one is named; N kills of each kind (5). A missing
 * flag must not read `argv[0]` (indexOf -1 + 1): that once made a plain `npm run chaos` run no part at all and exit 0.
 */
export function chaosOptions(argv: readonly string[]): { kills: number; parts: readonly ChaosPart[] } {
  const valueOf = (flag: string) => {
    const at = argv.indexOf(flag);
    if (at === -1) return undefined;
    const value = argv[at + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
    return value;
  };
  const killsText = valueOf('--kills');
  const kills = killsText === undefined ? 5 : Number(killsText);
  if (!Number.isInteger(kills) || kills < 1) throw new Error(`--kills takes a whole number of at least 1, not "${killsText}"`);
  const only = valueOf('--only');
  if (only === undefined) return { kills, parts: CHAOS_PARTS };
  if (!(CHAOS_PARTS as readonly string[]).includes(only)) throw new Error(`--only takes one of ${CHAOS_PARTS.join(', ')}, not "${only}"`);
  return { kills, parts: [only as ChaosPart] };
}
