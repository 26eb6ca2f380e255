import type { IncomingMessage } from 'node:http';
import type { FunctionWorker } from '../src/functions/function-worker.ts';
import { admitFunction } from '../src/functions/routes.ts';
import { SMALL_BODY_LIMIT } from '../src/http/body-limits.ts';
import { createOriginPolicy } from '../src/http/cors.ts';
import { createHostPolicy } from '../src/http/host.ts';

// The policies the request listener applies, on their own; http-gate.test.ts attacks them through
// the running server.

describe('origin policy', () => {
  it('adds configured origins, exactly as browsers send them', () => {
    const policy = createOriginPolicy(['http://192.168.1.5:4200/', ' https://staging.example ']);
    expect(policy.allows('http://192.168.1.5:4200')).toBe(true);
    expect(policy.allows('https://staging.example')).toBe(true);
    expect(policy.allows('http://192.168.1.5:4201')).toBe(false);
    expect(policy.allows('http://staging.example')).toBe(false);
    expect(policy.allows('http://localhost:4200')).toBe(true);
  });

  it('refuses to start with something that is not an origin', () => {
    for (const bad of ['*', 'null', 'localhost:4200', 'javascript:alert(1)', 'file:///tmp']) {
      expect(() => createOriginPolicy([bad])).toThrow(`"${bad}" is not an http(s) origin`);
    }
  });
});

describe('host policy', () => {
  it('answers the loopback names, and the IP literal the server was told to listen on', () => {
    const lan = createHostPolicy('192.168.1.5');
    expect(lan.allows('192.168.1.5:54321')).toBe(true);
    expect(lan.allows('localhost:54321')).toBe(true);
    expect(lan.allows('192.168.1.6:54321')).toBe(false);
    const v6 = createHostPolicy('FE80::1');
    expect(v6.allows('[fe80::1]:54321')).toBe(true);
  });

  it('never answers a wildcard or a name it was given', () => {
    for (const listen of ['0.0.0.0', '::', 'my-laptop.local', 'localhost']) {
      const policy = createHostPolicy(listen);
      expect(policy.allows('0.0.0.0')).toBe(false);
      expect(policy.allows('[::]')).toBe(false);
      expect(policy.allows('my-laptop.local')).toBe(false);
      expect(policy.allows(undefined)).toBe(false);
      expect(policy.allows('127.0.0.1:1')).toBe(true);
    }
  });
});

describe('the functions gateway, before a body is read', () => {
  const services = {
    workers: new Map([['takes-a-file', {} as FunctionWorker]]),
    maxBodyBytes: 5 * 1024 * 1024 + SMALL_BODY_LIMIT,
    idleTimeoutMs: 1000,
    gatewaySecret: 'secret',
  };
  const post = { method: 'POST', headers: {} } as unknown as IncomingMessage;

  it('holds every function to its ceiling, and asks for no key (each function checks its own)', () => {
    expect(admitFunction(post, services, '/takes-a-file')).toMatchObject({
      bodyLimit: 5 * 1024 * 1024 + SMALL_BODY_LIMIT,
      tooLarge: { status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } },
    });
  });

  it('answers an unknown function 404 and a method no function takes 405, as the hosted gateway', () => {
    expect(admitFunction(post, services, '/__proto__')).toMatchObject({
      refuse: {
        status: 404,
        body: { code: 'NOT_FOUND' },
        headers: { 'sb-error-code': 'NOT_FOUND' },
      },
    });
    expect(
      admitFunction(
        { method: 'TRACE', headers: {} } as unknown as IncomingMessage,
        services,
        '/takes-a-file',
      ),
    ).toMatchObject({ refuse: { status: 405 } });
  });
});
