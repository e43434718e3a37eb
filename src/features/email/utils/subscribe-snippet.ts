/**
 * The embeddable subscribe form of a list: plain HTML any site can paste, whose small script posts to the public
 * subscribe_to_email_list function (the anon key is public by design) and says the answer; without script it links to
 * the hosted page. Everything interpolated is escaped.
 */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function subscribeSnippet(options: { apiUrl: string; anonKey: string; formToken: string; hostedUrl: string; listName: string }): string {
  const id = `bb-subscribe-${options.formToken.slice(0, 8).replace(/[^A-Za-z0-9]/g, '')}`;
  const endpoint = `${options.apiUrl.replace(/\/$/, '')}/rest/v1/rpc/subscribe_to_email_list`;
  return `<form id="${id}" action="${attribute(options.hostedUrl)}" method="get">
  <label>E-mail <input type="email" name="email" required autocomplete="email"></label>
  <button type="submit">Subscribe to ${attribute(options.listName)}</button>
  <p role="status"></p>
</form>
<script>
(function () {
  var form = document.getElementById(${JSON.stringify(id)});
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var status = form.querySelector('[role=status]');
    fetch(${JSON.stringify(endpoint)}, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: ${JSON.stringify(options.anonKey)} },
      body: JSON.stringify({ form_token: ${JSON.stringify(options.formToken)}, email: form.email.value, via: 'embed' })
    }).then(function (response) { return response.json().then(function (body) { return { ok: response.ok, body: body }; }); })
      .then(function (result) {
        status.textContent = result.ok
          ? (result.body.status === 'subscribed' ? 'You are subscribed.' : 'Almost done: check your inbox to confirm.')
          : (result.body.message || 'Please try again.');
      })
      .catch(function () { status.textContent = 'Please try again.'; });
  });
})();
</script>`;
}
