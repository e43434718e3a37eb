import { describe, expect, it } from 'vitest';
import { dumpEntries, renderSchemaSnapshot, SCHEMA_HEADER } from './db-schema';

/** A pg_dump --schema-only --no-owner output around the given objects, with the noise pg_dump 15.18 writes. */
function dump(key: string, ...objects: [title: string, body: string][]): string {
  return [
    '--\n-- PostgreSQL database dump\n--\n',
    `\\restrict ${key}\n`,
    '-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)\n-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)\n',
    "SET statement_timeout = 0;\nSELECT pg_catalog.set_config('search_path', '', false);\n",
    ...objects.map(([title, body]) => `--\n-- Name: ${title}; Owner: -\n--\n\n${body}\n\n`),
    '--\n-- PostgreSQL database dump complete\n--\n',
    `\\unrestrict ${key}\n`,
  ].join('\n');
}

const uid: [string, string] = ['uid(); Type: FUNCTION; Schema: auth', 'CREATE FUNCTION auth.uid() RETURNS uuid\n    LANGUAGE sql STABLE\n    AS $$ select null::uuid $$;'];
const users: [string, string] = ['users; Type: TABLE; Schema: auth', 'CREATE TABLE auth.users (\n    id uuid NOT NULL\n);'];
const leads: [string, string] = ['leads; Type: TABLE; Schema: public', 'CREATE TABLE public.leads (\n    id uuid NOT NULL\n);'];

describe('dumpEntries', () => {
  it('gives each object its Name line without the owner, and its statements; no preamble, versions or keys', () => {
    expect(dumpEntries(dump('abc', uid, leads))).toEqual([
      { title: 'Name: uid(); Type: FUNCTION; Schema: auth', body: uid[1] },
      { title: 'Name: leads; Type: TABLE; Schema: public', body: leads[1] },
    ]);
  });

  it('leaves out the session settings pg_dump writes before the first table (they follow whichever object is last)', () => {
    const text = dump('abc', uid, leads).replace('CREATE TABLE', "SET default_tablespace = '';\n\nSET default_table_access_method = heap;\n\n--\n-- Name: x; Owner: -\n--\n\nCREATE TABLE");
    expect(dumpEntries(text).map((entry) => entry.body).join('\n')).not.toMatch(/default_tablespace|default_table_access_method/);
  });

  it('reads CRLF output as LF', () => {
    expect(dumpEntries(dump('abc', leads).replace(/\n/g, '\r\n'))).toEqual([{ title: 'Name: leads; Type: TABLE; Schema: public', body: leads[1] }]);
  });
});

describe('renderSchemaSnapshot', () => {
  it('keeps what the migrations added, drops what the shim already had, in the dump’s order', () => {
    const trigger: [string, string] = ['users on_auth_user_created; Type: TRIGGER; Schema: auth', 'CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION public.handle_new_user();'];
    const snapshot = renderSchemaSnapshot(dump('one', uid, users, leads, trigger), dump('two', uid, users));
    expect(snapshot).toBe(
      `${SCHEMA_HEADER}\n-- Name: leads; Type: TABLE; Schema: public\n${leads[1]}\n\n-- Name: users on_auth_user_created; Type: TRIGGER; Schema: auth\n${trigger[1]}\n`,
    );
  });

  it('keeps an object of the shim that a migration changed', () => {
    const replaced: [string, string] = [uid[0], uid[1].replace('null::uuid', "nullif(current_setting('request.jwt.claim.sub', true), '')::uuid")];
    expect(renderSchemaSnapshot(dump('one', replaced, users), dump('two', uid, users))).toContain(replaced[1]);
  });

  it('is the same text for two dumps of the same schema (random restrict keys, versions)', () => {
    const first = renderSchemaSnapshot(dump('aaaa', uid, leads), dump('bbbb', uid));
    const second = renderSchemaSnapshot(dump('cccc', uid, leads).replace(/15\.18/g, '15.19'), dump('dddd', uid));
    expect(second).toBe(first);
    expect(first).not.toMatch(/restrict|Dumped|Owner|SET statement_timeout/);
  });
});
