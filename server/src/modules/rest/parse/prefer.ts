import type { ApiRequest, Preferences } from '../request-types';

/**
 * The `Prefer` header as PostgREST reads it (`ApiRequest/Preferences.hs`, v13): comma-separated over one
 * or more headers, the first value of each preference wins, unknown ones are kept as invalid (refused
 * only with `handling=strict`, after planning). `timezone=` is never invalid: an unknown zone is ignored.
 * `tx=` is honoured when `db-tx-end` allows an override (`commit-allow-override`, the default).
 */

const CHOICES: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  missing: ['default', 'null'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
};

export function parsePreferences(value: string | undefined): Preferences {
  const preferences: Preferences = { invalid: [] };
  if (!value) return preferences;
  const target = preferences as unknown as Record<string, unknown>;
  for (const raw of value.split(',')) {
    const token = raw.trim();
    if (!token) continue;
    const equals = token.indexOf('=');
    const key = equals < 0 ? token : token.slice(0, equals);
    const setting = equals < 0 ? '' : token.slice(equals + 1);
    if (key === 'timezone') {
      preferences.timezone ??= setting;
    } else if (key === 'max-affected' && /^\d{1,15}$/.test(setting)) {
      preferences.maxAffected ??= Number(setting);
    } else if (CHOICES[key]?.includes(setting)) {
      target[key] ??= setting;
    } else {
      preferences.invalid.push(token);
    }
  }
  return preferences;
}

/** The `Preference-Applied` header: what PostgREST echoes for each action (`Response.hs`), in its order. */
export function appliedPreferences(
  request: Pick<ApiRequest, 'action' | 'preferences'>,
  options: { timezoneApplied: boolean; resolutionApplies: boolean; txApplied?: boolean },
): string | undefined {
  const p = request.preferences;
  const isWrite = request.action === 'insert' || request.action === 'update' || request.action === 'delete';
  const applied: string[] = [];
  if (p.resolution && request.action === 'insert' && options.resolutionApplies) applied.push(`resolution=${p.resolution}`);
  if (p.missing && (request.action === 'insert' || request.action === 'update')) applied.push(`missing=${p.missing}`);
  if (p.return && isWrite) applied.push(`return=${p.return}`);
  if (p.count) applied.push(`count=${p.count}`);
  if (p.tx && (options.txApplied ?? true)) applied.push(`tx=${p.tx}`);
  if (p.handling) applied.push(`handling=${p.handling}`);
  if (p.timezone && options.timezoneApplied) applied.push(`timezone=${p.timezone}`);
  if (p.maxAffected !== undefined && (request.action === 'update' || request.action === 'delete' || request.action === 'call')) {
    applied.push(`max-affected=${p.maxAffected}`);
  }
  return applied.length ? applied.join(', ') : undefined;
}
