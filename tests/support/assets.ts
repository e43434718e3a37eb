import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import type { Database } from '../../src/types/database';

/**
 * The asset library as a browser uses it, through supabase-js: reserve (start_asset_upload), send the bytes to the
 * reserved path (a plain upload here; the browser uses TUS), complete (complete_asset_upload).
 */

export interface Reserved {
  asset_id: string;
  version_id: string;
  object_path: string;
}

export interface LibraryFile {
  name: string;
  bytes: Buffer;
  type: string;
  /** The S3-safe key (default: the name with anything else turned into '-'). */
  key?: string;
}

export const safeKey = (name: string) => name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9_.-]+/g, '-');

export async function reserve(client: SupabaseClient<Database>, workspaceId: string, file: LibraryFile, replaceAssetId?: string): Promise<Reserved> {
  const { data, error } = await client
    .rpc('start_asset_upload', {
      workspace_id: workspaceId,
      file_name: file.name,
      object_key: file.key ?? safeKey(file.name),
      mime_type: file.type,
      size_bytes: file.bytes.length,
      replace_asset_id: replaceAssetId,
    })
    .single();
  if (error) throw Object.assign(new Error(error.message), error);
  return data;
}

/** Reserve, upload, complete: the asset (and version) ids. */
export async function addToLibrary(
  client: SupabaseClient<Database>,
  workspaceId: string,
  file: LibraryFile,
  options: { replaceAssetId?: string; width?: number; height?: number; duration?: number } = {},
): Promise<Reserved> {
  const reserved = await reserve(client, workspaceId, file, options.replaceAssetId);
  const uploaded = await client.storage.from('assets').upload(reserved.object_path, file.bytes, { contentType: file.type });
  if (uploaded.error) throw Object.assign(new Error(`upload: ${uploaded.error.message}`), uploaded.error);
  const completed = await client.rpc('complete_asset_upload', {
    version_id: reserved.version_id,
    width: options.width,
    height: options.height,
    duration_seconds: options.duration,
  });
  if (completed.error) throw Object.assign(new Error(`complete: ${completed.error.message}`), completed.error);
  if (completed.data !== 'ready') throw new Error(`complete: ${completed.data}`);
  return reserved;
}

/** A JPEG carrying EXIF with a GPS position (and a camera make), as a phone writes it. */
export function photoWithLocation(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'PhoneCam', Model: 'P1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 7/1' } })
    .toBuffer();
}

export const smallPng = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();

/** The bytes of a PNG whose header claims `width` × `height` pixels: a decompression bomb's shape, a few bytes long. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  // Rows of zeros, deflated: every row would decode, hugely, if anyone decoded them.
  const idat = deflateSync(Buffer.alloc(1024 * 1024), { level: 9 });
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** A zip archive holding one file of `megabytes` MB of zeros, deflated (about a thousandth of its size). */
export function zipBomb(megabytes: number): Buffer {
  const inner = Buffer.alloc(megabytes * 1024 * 1024);
  const packed = deflateRawSync(inner, { level: 9 });
  const sum = crc32(inner);
  const name = Buffer.from('zeros.bin');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(sum, 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(inner.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(sum, 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(inner.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + packed.length, 16);
  return Buffer.concat([local, name, packed, central, name, end]);
}
