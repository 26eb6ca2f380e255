/** @jest-environment node */
import {
  fetchRuntimeConfig,
  getRuntimeConfig,
  parseRuntimeConfig,
  RuntimeConfigError,
  setRuntimeConfig,
} from './runtime-config';

const valid = {
  remotes: {
    content: 'http://localhost:4201/mf-manifest.json',
    signups: 'https://signups.agentora.ai/mf-manifest.json',
    careers: '/careers/mf-manifest.json',
    backoffice: '/backoffice/mf-manifest.json',
  },
  supabase: { url: 'http://localhost:54321', publishableKey: 'anon' },
};

describe('runtime config', () => {
  it('accepts a complete config', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
  });

  it.each([
    ['not an object', null, 'Runtime config must be a JSON object.'],
    ['no remotes', { supabase: valid.supabase }, 'Runtime config: "remotes" is missing.'],
    [
      'a remote missing',
      { ...valid, remotes: { ...valid.remotes, careers: undefined } },
      'Runtime config: remotes.careers must be a URL.',
    ],
    [
      'a non-http remote',
      { ...valid, remotes: { ...valid.remotes, content: 'javascript:alert(1)' } },
      'Runtime config: remotes.content must be a URL.',
    ],
    [
      'no publishable key',
      { ...valid, supabase: { url: 'http://x', publishableKey: '' } },
      'Runtime config: "supabase" needs a url and an publishableKey.',
    ],
  ])('rejects %s with a clear message', (_case, value, message) => {
    expect(() => parseRuntimeConfig(value)).toThrow(new RuntimeConfigError(message));
  });

  it('fetches the config and reports HTTP failures', async () => {
    const fetchOk = jest.fn().mockResolvedValue(new Response(JSON.stringify(valid)));
    await expect(fetchRuntimeConfig('/runtime-config.json', fetchOk)).resolves.toEqual(valid);
    expect(fetchOk).toHaveBeenCalledWith('/runtime-config.json');

    const fetch404 = jest.fn().mockResolvedValue(new Response('nope', { status: 404 }));
    await expect(fetchRuntimeConfig('/runtime-config.json', fetch404)).rejects.toThrow(
      'Runtime config /runtime-config.json answered HTTP 404.',
    );
  });

  const botCheck = {
    sitekey: '0x4AAAAAAABkMYinukE8nzY',
    scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  };

  it('keeps the bot check settings, the local stand-in on a loopback host included', () => {
    expect(parseRuntimeConfig({ ...valid, botCheck })).toEqual({ ...valid, botCheck });
    const local = {
      sitekey: '1x00000000000000000000BB',
      scriptUrl: 'http://127.0.0.1:54321/turnstile/v0/api.js?render=explicit',
    };
    expect(parseRuntimeConfig({ ...valid, botCheck: local }).botCheck).toEqual(local);
  });

  it.each([
    ['not an object', 'turnstile'],
    ['no sitekey', { scriptUrl: botCheck.scriptUrl }],
    ['a sitekey with markup', { ...botCheck, sitekey: '"><script>' }],
    ['a relative script URL', { ...botCheck, scriptUrl: '/api.js' }],
    [
      'a plain-http script on another host',
      { ...botCheck, scriptUrl: 'http://cdn.example/api.js' },
    ],
    ['a javascript: URL', { ...botCheck, scriptUrl: 'javascript:alert(1)' }],
  ])('leaves out bot check settings that are %s, and keeps the rest', (_case, value) => {
    expect(parseRuntimeConfig({ ...valid, botCheck: value })).toEqual(valid);
  });

  it('holds the current config once set', () => {
    setRuntimeConfig(valid);
    expect(getRuntimeConfig()).toBe(valid);
  });
});
