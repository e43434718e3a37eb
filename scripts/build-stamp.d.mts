// Types of build-stamp.mjs for the TypeScript build steps (scripts/static-host.ts).
export const root: string;
export const stampFile: string;
export function isBuildStale(): boolean;
export function writeStamp(): void;
export function newestMtime(target: string): number;
