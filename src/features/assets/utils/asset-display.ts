import { assetKinds, assetStatuses, type AssetKind, type AssetStatus } from '@/config/asset-options';

/** Bytes as people read them: 0 B, 999 B, 1.5 KB, 12 MB, 2.3 GB (powers of 1024, one decimal below 10). */
export function formatBytes(bytes: number | string | null | undefined): string {
  const value = Number(bytes ?? 0);
  if (!Number.isFinite(value) || value < 1024) return `${Math.max(0, Math.round(Number.isFinite(value) ? value : 0))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let size = value / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const shown = size < 10 ? Math.round(size * 10) / 10 : Math.round(size);
  return `${shown} ${units[unit]}`;
}

/** A length in seconds as mm:ss or h:mm:ss (rounded to the second); null when unknown (NaN, Infinity, negative). */
export function formatDuration(seconds: number | string | null | undefined): string | null {
  const value = Number(seconds);
  if (seconds === null || seconds === undefined || !Number.isFinite(value) || value < 0) return null;
  const whole = Math.round(value);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${String(minutes).padStart(2, '0')}:${rest}`;
}

/** "1920 × 1080", and for video or audio its length: "1920 × 1080 · 00:31"; null when nothing is known. */
export function formatDimensions(asset: { width: number | null; height: number | null; duration_seconds: number | string | null }): string | null {
  const size = asset.width && asset.height ? `${asset.width} × ${asset.height}` : null;
  const length = formatDuration(asset.duration_seconds);
  return [size, length].filter(Boolean).join(' · ') || null;
}

export const kindLabel = (kind: string) => assetKinds.find((option) => option.value === kind)?.label ?? 'Other';

export function statusOption(status: string) {
  return assetStatuses.find((option) => option.value === status) ?? assetStatuses[0];
}

/** The share of the quota used, 0-100, and whether it is nearly full (90 % or more). */
export function quotaUse(used: number, quota: number): { percent: number; isNearlyFull: boolean } {
  if (quota <= 0) return { percent: 100, isNearlyFull: true };
  const percent = Math.min(100, Math.round((used / quota) * 100));
  return { percent, isNearlyFull: used / quota >= 0.9 };
}

export type { AssetKind, AssetStatus };
