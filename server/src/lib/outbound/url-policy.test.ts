import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, isLoopbackName, STRICT_POLICY, type OutboundPolicy } from './url-policy';

const problem = (url: string, policy: OutboundPolicy = STRICT_POLICY) => {
  const verdict = checkOutboundUrl(url, policy);
  return verdict.ok ? 'ok' : verdict.problem;
};

describe('checkOutboundUrl', () => {
  it.each([
    ['https://hooks.example.com/catch/1', 'ok'],
    ['http://hooks.example.com', 'ok'],
    ['https://hooks.example.com:443/x', 'ok'],
    ['http://hooks.example.com:80/x', 'ok'],
    ['https://user:pass@hooks.example.com/x', 'ok'],
    ['https://8.8.8.8/x', 'ok'],
    ['https://[2606:4700::1]/x', 'ok'],
    ['https://bücher.example/x', 'ok'],
    // Not URLs, or not web URLs.
    ['not a url', 'invalid_url'],
    ['', 'invalid_url'],
    ['//hooks.example.com/x', 'invalid_url'],
    ['http://', 'invalid_url'],
    ['ftp://hooks.example.com/', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['gopher://127.0.0.1:6379/_INFO', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['data:text/plain,hi', 'scheme'],
    ['ws://hooks.example.com/', 'scheme'],
    // Ports.
    ['https://hooks.example.com:8443/x', 'port'],
    ['http://hooks.example.com:22/', 'port'],
    ['http://hooks.example.com:0/', 'port'],
    // Literal addresses in every spelling the URL parser turns into one.
    ['http://127.0.0.1/', 'address'],
    ['http://127.1/', 'address'],
    ['http://2130706433/', 'address'],
    ['http://0x7f000001/', 'address'],
    ['http://0x7f.0.0.1/', 'address'],
    ['http://0177.0.0.1/', 'address'],
    ['http://017700000001/', 'address'],
    ['http://%31%32%37.0.0.1/', 'address'],
    ['http://１２７.０.０.１/', 'address'],
    ['http://0.0.0.0/', 'address'],
    ['http://0/', 'address'],
    ['http://[::1]/', 'address'],
    ['http://[::]/', 'address'],
    ['http://[::ffff:127.0.0.1]/', 'address'],
    ['http://[::ffff:7f00:1]/', 'address'],
    ['http://[0:0:0:0:0:ffff:127.0.0.1]/', 'address'],
    ['http://[::127.0.0.1]/', 'address'],
    ['http://[64:ff9b::127.0.0.1]/', 'address'],
    ['http://[fe80::1]/', 'address'],
    ['http://[fd00:ec2::254]/latest/meta-data/', 'address'],
    ['http://169.254.169.254/latest/meta-data/', 'address'],
    ['http://[::ffff:a9fe:a9fe]/', 'address'],
    ['http://10.0.0.1/', 'address'],
    ['http://192.168.0.1/', 'address'],
    ['http://100.64.0.1/', 'address'],
    ['http://224.0.0.1/', 'address'],
    ['http://255.255.255.255/', 'address'],
    ['http://user@127.0.0.1/', 'address'],
    ['http://hooks.example.com@127.0.0.1/', 'address'],
    ['http://localhost/', 'address'],
    ['http://localhost./', 'address'],
    ['http://LOCALHOST/', 'address'],
    ['http://api.localhost/', 'address'],
  ])('%j → %s', (url, expected) => {
    expect(problem(url)).toBe(expected);
  });

  it('lets a backslash trick reach only the host the URL parser sees', () => {
    const verdict = checkOutboundUrl('http://hooks.example.com\\@127.0.0.1/', STRICT_POLICY);
    expect(verdict.ok && verdict.url.hostname).toBe('hooks.example.com');
  });

  it('opens the listed ranges and ports, and everything with `all`', () => {
    const listed: OutboundPolicy = { allowPrivate: ['127.0.0.2'], allowPorts: [8080] };
    expect(problem('http://127.0.0.2:8080/', listed)).toBe('ok');
    expect(problem('http://127.0.0.2:8081/', listed)).toBe('port');
    expect(problem('http://127.0.0.1:8080/', listed)).toBe('address');
    expect(problem('http://localhost:8080/', listed)).toBe('address');
    const open: OutboundPolicy = { allowPrivate: 'all', allowPorts: 'any' };
    expect(problem('http://127.0.0.1:5432/', open)).toBe('ok');
    expect(problem('http://localhost:3000/', open)).toBe('ok');
    expect(problem('file:///etc/passwd', open)).toBe('scheme');
    expect(problem('http://127.0.0.1:5432/', { allowPrivate: 'all', allowPorts: [] })).toBe('ok');
  });

  it('says what is wrong in words', () => {
    expect(checkOutboundUrl('http://[::ffff:127.0.0.1]/', STRICT_POLICY)).toEqual({
      ok: false,
      problem: 'address',
      message: 'points at ::ffff:7f00:1, a loopback address (this machine), which this server does not send to',
    });
  });
});

describe('isLoopbackName', () => {
  it.each([
    ['localhost', true],
    ['localhost.', true],
    ['LocalHost..', true],
    ['a.b.localhost', true],
    ['localhost.example.com', false],
    ['notlocalhost', false],
  ])('%j → %s', (name, expected) => {
    expect(isLoopbackName(name)).toBe(expected);
  });
});
