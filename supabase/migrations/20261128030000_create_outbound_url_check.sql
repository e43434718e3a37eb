-- Which URLs the server may be asked to fetch on a workspace's behalf (webhook endpoints now; crawls and link
-- previews later), checked when the URL is saved, so a user learns at once that http://127.0.0.1/ or
-- http://169.254.169.254/ will never be sent to. This is the courtesy check of a save: the server checks every
-- address again when it connects (server/src/lib/outbound), which is what stops DNS names and redirects.
--
-- The server's setting OUTBOUND_ALLOW_PRIVATE / OUTBOUND_ALLOW_PORTS is mirrored into private.outbound_settings by
-- the server (or `npm run worker`) when it starts, so saves through the data API apply it on hosted Supabase too.
-- Without a server the row says: public addresses on ports 80 and 443 only.

create table private.outbound_settings (
  id boolean primary key default true constraint outbound_settings_one_row check (id),
  allow_all_private boolean not null default false,
  allowed_ranges cidr[] not null default '{}',
  allow_any_port boolean not null default false,
  allowed_ports integer[] not null default '{}',
  updated_at timestamptz not null default now()
);
insert into private.outbound_settings default values;
revoke all on table private.outbound_settings from public, anon, authenticated;

create function private.set_outbound_settings(allow_all_private boolean, allowed_ranges text[], allow_any_port boolean, allowed_ports integer[])
returns void
language sql volatile security definer
set search_path = ''
as $$
  update private.outbound_settings s
  set allow_all_private = set_outbound_settings.allow_all_private,
      allowed_ranges = set_outbound_settings.allowed_ranges::cidr[],
      allow_any_port = set_outbound_settings.allow_any_port,
      allowed_ports = set_outbound_settings.allowed_ports,
      updated_at = now()
  where s.id
$$;
revoke all on function private.set_outbound_settings(boolean, text[], boolean, integer[]) from public, anon, authenticated;

-- Whether an address is public unicast: IANA's special-purpose ranges are not; an IPv4 address inside IPv6
-- (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d) counts as the IPv4 address; IPv4-compatible ::a.b.c.d never is.
create function private.is_public_address(address inet) returns boolean
language plpgsql immutable parallel safe
set search_path = ''
as $$
begin
  if family(address) = 6 then
    if address <<= '::ffff:0:0/96'::inet then
      return private.is_public_address('0.0.0.0'::inet + (address - '::ffff:0.0.0.0'::inet));
    elsif address <<= '64:ff9b::/96'::inet then
      return private.is_public_address('0.0.0.0'::inet + (address - '64:ff9b::'::inet));
    end if;
    return not address <<= any ('{::/96, 64:ff9b:1::/48, 100::/64, 2001::/23, 2001:db8::/32, 2002::/16, fc00::/7, fe80::/10, fec0::/10, ff00::/8}'::inet[]);
  end if;
  return not address <<= any ('{0.0.0.0/8, 10.0.0.0/8, 100.64.0.0/10, 127.0.0.0/8, 169.254.0.0/16, 172.16.0.0/12, 192.0.0.0/24, 192.0.2.0/24, 192.88.99.0/24, 192.168.0.0/16, 198.18.0.0/15, 198.51.100.0/24, 203.0.113.0/24, 224.0.0.0/4, 240.0.0.0/4}'::inet[]);
end
$$;

-- The problem with a URL the server would fetch, or nulls: `problem` is a code (url_invalid, url_scheme, url_port,
-- url_ip_form, url_private_address) and `message` the sentence for the field. ASCII only: the app sends URLs as the
-- WHATWG parser serialises them (international names in punycode), so this parser and the server's agree on the host.
create function private.outbound_url_problem(url text, out problem text, out message text)
language plpgsql stable
set search_path = ''
as $$
declare
  parts text[];
  host text;
  port integer;
  address inet;
  settings private.outbound_settings;
  dotted_quad constant text := '^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$';
begin
  if url is null or char_length(url) > 2000 or url !~ '^[\x21-\x7e]+$' or position('\' in url) > 0 then
    problem := 'url_invalid';
    message := 'Enter a full URL without spaces, up to 2000 characters, starting with https:// or http://.';
    return;
  end if;
  if url !~* '^https?://' then
    problem := case when url ~ '^[A-Za-z][A-Za-z0-9+.-]*:' then 'url_scheme' else 'url_invalid' end;
    message := 'The URL must start with https:// or http://.';
    return;
  end if;
  parts := regexp_match(url, '^https?://(?:[^/?#]*@)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::([0-9]{1,5}))?(?:[/?#].*)?$');
  if parts is null or parts[1] ~ '^\.|\.\.' then
    problem := 'url_invalid';
    message := 'Enter a full URL with a host name, such as https://hooks.example.com/beyond.';
    return;
  end if;
  host := rtrim(lower(parts[1]), '.');
  port := coalesce(parts[2]::integer, case when lower(url) like 'https:%' then 443 else 80 end);
  select * into settings from private.outbound_settings s where s.id;
  settings := coalesce(settings, row(true, false, '{}', false, '{}', now())::private.outbound_settings);
  if port not in (80, 443) and not settings.allow_any_port and not settings.allow_all_private and not port = any (settings.allowed_ports) then
    problem := 'url_port';
    message := format('The URL uses port %s: this server sends only to ports 80 and 443.', port);
    return;
  end if;
  if host ~ '^\[' then
    begin
      address := trim(both '[]' from host)::inet;
    exception when others then
      problem := 'url_invalid';
      message := 'The IPv6 address in the URL is not valid.';
      return;
    end;
    if (address <<= '::/96'::inet and address > '::1'::inet) or address <<= '::ffff:0:0/96'::inet or address <<= '64:ff9b::/96'::inet then
      if not settings.allow_all_private then
        problem := 'url_ip_form';
        message := 'Write an IPv4 address as itself (four numbers separated by dots), not inside an IPv6 address.';
        return;
      end if;
    end if;
  elsif host ~ '(^|\.)(0x[0-9a-f]*|[0-9]+)$' then
    -- The last label is a number: browsers and the server read the host as an IPv4 address, in whatever spelling.
    if host !~ dotted_quad then
      problem := 'url_ip_form';
      message := 'Write an IP address as four decimal numbers separated by dots.';
      return;
    end if;
    address := host::inet;
  elsif host = 'localhost' or host like '%.localhost' then
    address := '127.0.0.1'::inet;
  end if;
  if address is not null and not private.is_public_address(address)
    and not settings.allow_all_private and not address <<= any (settings.allowed_ranges) then
    problem := 'url_private_address';
    message := format('The URL points at %s, a private, loopback, link-local or reserved address: this server does not send there.', host);
  end if;
end
$$;

revoke all on function private.is_public_address(inet), private.outbound_url_problem(text) from public, anon, authenticated;
