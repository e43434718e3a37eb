import type { AssetKind, AssetStatus } from '@/config/asset-options';
import type { AssetUser } from '@/features/assets/utils/asset-users';

/** One asset as the library lists it (list_assets), with its current file. */
export interface AssetRow {
  id: string;
  name: string;
  description: string | null;
  kind: AssetKind;
  status: AssetStatus;
  tags: string[];
  created_at: string;
  updated_at: string;
  approved_at: string | null;
  version_id: string;
  version_number: number;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  variants_state: 'pending' | 'ready' | 'none' | 'refused' | 'failed';
  object_path: string;
  thumbnail_path: string | null;
  preview_path: string | null;
  public_image_path: string;
  uploaded_by_name: string | null;
  uploaded_at: string | null;
  total_count: number;
}

export interface AssetVersion {
  id: string;
  number: number;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  variants_state: AssetRow['variants_state'];
  variants_note: string | null;
  object_path: string;
  thumbnail_path: string | null;
  preview_path: string | null;
  uploaded_by_name: string | null;
  completed_at: string | null;
}

export interface AssetComment {
  id: string;
  body: string;
  status_change: AssetStatus | null;
  created_at: string;
  author_id: string | null;
  author_name: string | null;
}

/** One asset's page (get_asset). */
export interface AssetPage {
  asset: {
    id: string;
    organization_id: string;
    name: string;
    description: string | null;
    kind: AssetKind;
    status: AssetStatus;
    tags: string[];
    current_version_id: string;
    created_at: string;
    approved_at: string | null;
    approved_by_name: string | null;
  };
  versions: AssetVersion[];
  comments: AssetComment[];
  used_by: AssetUser[];
  collection_ids: string[];
}
