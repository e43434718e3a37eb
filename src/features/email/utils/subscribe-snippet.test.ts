import { describe, expect, it } from 'vitest';
import { subscribeSnippet } from './subscribe-snippet';

describe('subscribeSnippet', () => {
  const snippet = subscribeSnippet({ apiUrl: 'https://api.example/', anonKey: 'anon.key', formToken: 'AbC-12_xyz', hostedUrl: 'https://app.example/email/subscribe/AbC-12_xyz', listName: 'News <&> "Deals"' });

  it('posts to the public function with the anon key and the form token, as an embedded subscription', () => {
    expect(snippet).toContain('fetch("https://api.example/rest/v1/rpc/subscribe_to_email_list"');
    expect(snippet).toContain('apikey: "anon.key"');
    expect(snippet).toContain('form_token: "AbC-12_xyz"');
    expect(snippet).toContain("via: 'embed'");
  });

  it('falls back to the hosted page without script, and escapes the list name', () => {
    expect(snippet).toContain('action="https://app.example/email/subscribe/AbC-12_xyz"');
    expect(snippet).toContain('Subscribe to News &lt;&amp;&gt; &quot;Deals&quot;');
  });
});
