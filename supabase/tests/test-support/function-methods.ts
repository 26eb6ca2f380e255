// The methods each function takes, as its 405 names them in `Allow` (a preflight is not counted): the
// Deno test of the entry files and the test through the local server hold every function to this.
export const FUNCTION_METHODS: Readonly<Record<string, string>> = {
  'sign-up': 'POST',
  'submit-application': 'POST',
  'confirm-email': 'POST',
  'signup-place': 'POST',
  // A GET (a mail client opening the link) is sent to the site's page; the one-click POST acts.
  unsubscribe: 'GET, HEAD, POST',
  'privacy-request': 'POST',
  'privacy-fulfil': 'POST',
  'send-queued-mail': 'POST',
  'sync-audience': 'POST',
  'send-auth-email': 'POST',
  'console-sign-in': 'POST',
  // The console's export takes its filters in the query string (GET) or a JSON body (POST).
  'console-export': 'GET, POST',
  'console-resume': 'POST',
  'record-visit': 'POST',
  'csp-report': 'POST',
  'resend-webhook': 'POST',
  'redeem-invite': 'POST',
};

/** Methods no function takes, which the gateway still passes on (so the function answers them). */
export const METHODS_NO_FUNCTION_TAKES = ['PUT', 'PATCH', 'DELETE'] as const;
