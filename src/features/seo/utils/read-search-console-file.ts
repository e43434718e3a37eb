import { seoCopy } from '@/config/seo-copy';

/**
 * The wizard's `prepareFile`: a Search Console zip becomes one CSV table (gsc-zip.ts, loaded only when a zip is
 * picked: fflate stays out of the page until then); any other file is read as it is.
 */
export async function readSearchConsoleFile(file: File): Promise<File> {
  if (!/\.zip$/i.test(file.name) && file.type !== 'application/zip' && file.type !== 'application/x-zip-compressed') return file;
  const { searchConsoleZipToCsv } = await import('@/features/seo/utils/gsc-zip');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const result = searchConsoleZipToCsv(bytes);
  if (!result.ok) {
    throw new Error(result.problem === 'too-large' ? seoCopy.import.zipTooLarge : result.problem === 'no-tables' ? seoCopy.import.zipProblem : seoCopy.import.zipUnreadable);
  }
  return new File([result.csv], file.name.replace(/\.zip$/i, '.csv'), { type: 'text/csv' });
}
