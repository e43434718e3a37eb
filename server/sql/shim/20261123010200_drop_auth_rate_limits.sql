-- Local auth shim: the auth server's rate limits moved to private.rate_limits (migration 20261123010000),
-- which every server on the database and the contact form share.
drop table auth.rate_limits;
