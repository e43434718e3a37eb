-- Images of e-mails (decision 0020). A recipient's mail program loads an e-mail's images from a public address, so
-- an image chosen from the Creative Studio's private `assets` bucket is copied into the public bucket `email-images`
-- (`<workspace id>/<name>`) when a member puts it into a template or a campaign: a published copy, as every e-mail
-- service makes one. Anyone reads it through its public URL (a public bucket); members and above of the workspace add
-- and remove its copies; nobody else writes there.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('email-images', 'email-images', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
on conflict (id) do nothing;

create policy "email-images: workspace members read"
  on storage.objects for select to authenticated
  using (bucket_id = 'email-images' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('viewer')));

create policy "email-images: workspace members add"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'email-images' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('member')));

create policy "email-images: workspace members remove"
  on storage.objects for delete to authenticated
  using (bucket_id = 'email-images' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('member')));
