-- Local seed data for the Supabase CLI: `supabase start` and `supabase db reset` run this file after the migrations.
-- (The own server never reads it; its first start does the same from server/storage-seed.)
--
-- The migrations already hold the product's defaults (menu, admin pages). What remains is the public `audio`
-- bucket the home page plays from; config.toml declares it too and `supabase seed buckets` uploads the recording
-- into it. Accounts are made through the app's sign-up; the site admin with `npm run hosted:setup` pointed at the
-- local stack (README, "Running on hosted Supabase"). Safe to run more than once, and on a hosted project.

insert into storage.buckets (id, name, public)
values ('audio', 'audio', true)
on conflict (id) do update set public = true;
